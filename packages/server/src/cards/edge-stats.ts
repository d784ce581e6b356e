import { type BootstrapInterval, blockBootstrapMean } from '@bellwether/analytics';

/** One card as the edge statistics see it (a replayed card or a published one with its outcome). */
export interface EdgeItem {
  /** Block of consecutive sessions the card belongs to (the bootstrap resamples whole blocks). */
  readonly block: number;
  /** Filled and resolved: the rest count as cards only. */
  readonly filled: boolean;
  readonly t1_before_stop: boolean | null;
  readonly r: number | null;
  readonly r_net: number | null;
  /** The card's matched random cards: their T1 rate and mean net R (null when none filled). */
  readonly null_t1_rate: number | null;
  readonly null_r_net: number | null;
}

/** Sessions per bootstrap block: cards repeat ticker, setup and direction within days (issue #25). */
export const BOOTSTRAP_BLOCK_SESSIONS = 20;

const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
const interval = (b: BootstrapInterval | undefined) =>
  b === undefined ? null : { mean: r4(b.mean), low: r4(b.low), high: r4(b.high), n: b.n, blocks: b.blocks };

/**
 * The cards against chance: hit rate and mean R (gross, net of costs) beside the null model's, the mean
 * net R with a block-bootstrap 95 % interval, and the edge over the null — the mean, over filled cards
 * whose random copies filled too, of the card's net R minus its copies' mean net R — with its interval.
 * An edge whose interval excludes zero is one the record shows; one that straddles it is not.
 */
export function edgeStats(key: string, items: readonly EdgeItem[], seed: string) {
  const filled = items.filter((i) => i.filled && i.r !== null && i.r_net !== null);
  const n = filled.length;
  const mean = (xs: readonly number[]) =>
    xs.length === 0 ? null : r4(xs.reduce((a, x) => a + x, 0) / xs.length);
  const withNull = filled.filter((i) => i.null_r_net !== null);
  return {
    key,
    cards: items.length,
    filled: n,
    t1_hit_rate: mean(filled.map((i) => (i.t1_before_stop ? 1 : 0))),
    null_t1_hit_rate: mean(
      filled.filter((i) => i.null_t1_rate !== null).map((i) => i.null_t1_rate as number),
    ),
    average_r: mean(filled.map((i) => i.r as number)),
    average_r_net: mean(filled.map((i) => i.r_net as number)),
    null_average_r_net: mean(withNull.map((i) => i.null_r_net as number)),
    net_r: interval(
      blockBootstrapMean(
        filled.map((i) => ({ block: i.block, value: i.r_net as number })),
        2000,
        `${seed}:net:${key}`,
      ),
    ),
    edge_vs_null: interval(
      blockBootstrapMean(
        withNull.map((i) => ({ block: i.block, value: (i.r_net as number) - (i.null_r_net as number) })),
        2000,
        `${seed}:edge:${key}`,
      ),
    ),
  };
}

/** `edgeStats` per group (setup, direction…), groups in key order. */
export function edgeStatsBy<T extends EdgeItem>(items: readonly T[], keyOf: (i: T) => string, seed: string) {
  return [...new Set(items.map(keyOf))].sort().map((k) =>
    edgeStats(
      k,
      items.filter((i) => keyOf(i) === k),
      seed,
    ),
  );
}

/** Predicted expected R against the realised net R of filled cards, per band of the prediction. */
export function expectedRReliability(
  items: readonly { readonly expected_r: number | null; readonly r_net: number | null }[],
  edges: readonly number[] = [Number.NEGATIVE_INFINITY, -0.2, -0.1, 0, 0.1, 0.2, Number.POSITIVE_INFINITY],
) {
  return edges.slice(0, -1).map((from, k) => {
    const to = edges[k + 1] as number;
    const inBand = items.filter(
      (i) => i.expected_r !== null && i.r_net !== null && i.expected_r >= from && i.expected_r < to,
    );
    const avg = (f: (i: (typeof inBand)[number]) => number) =>
      inBand.length === 0 ? null : r4(inBand.reduce((a, i) => a + f(i), 0) / inBand.length);
    return {
      from: Number.isFinite(from) ? from : null,
      to: Number.isFinite(to) ? to : null,
      cards: inBand.length,
      predicted: avg((i) => i.expected_r as number),
      realised: avg((i) => i.r_net as number),
    };
  });
}
