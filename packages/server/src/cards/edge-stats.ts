import {
  type BootstrapInterval,
  blockBootstrapMean,
  blockBootstrapTest,
  calibrationTable,
  holmAdjust,
} from '@bellwether/analytics';

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
  /** Issue #48: the same-ticker null's mean net R (random later times on the card's own ticker). */
  readonly same_null_r_net?: number | null;
  /** The card's net R less its ticker's drift over its holding period (drift from data before the card). */
  readonly drift_r_net?: number | null;
  /** The cross-ticker copies' mean drift-adjusted net R (each copy less its own ticker's drift). */
  readonly null_drift_r_net?: number | null;
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
  // Issue #48 (ADR 0089): the same-ticker null, the drift-adjusted result and the edge's p-value.
  const edgeTest = blockBootstrapTest(
    withNull.map((i) => ({ block: i.block, value: (i.r_net as number) - (i.null_r_net as number) })),
    2000,
    `${seed}:edge:${key}`,
  );
  const withSame = filled.filter((i) => typeof i.same_null_r_net === 'number');
  const withDrift = filled.filter((i) => typeof i.drift_r_net === 'number');
  const withDriftNull = withDrift.filter((i) => typeof i.null_drift_r_net === 'number');
  const nullsAndDrift = {
    same_ticker_null_average_r_net: mean(withSame.map((i) => i.same_null_r_net as number)),
    edge_vs_same_ticker_null: interval(
      blockBootstrapMean(
        withSame.map((i) => ({ block: i.block, value: (i.r_net as number) - (i.same_null_r_net as number) })),
        2000,
        `${seed}:same:${key}`,
      ),
    ),
    drift_adjusted_r_net: interval(
      blockBootstrapMean(
        withDrift.map((i) => ({ block: i.block, value: i.drift_r_net as number })),
        2000,
        `${seed}:drift:${key}`,
      ),
    ),
    drift_adjusted_edge: interval(
      blockBootstrapMean(
        withDriftNull.map((i) => ({
          block: i.block,
          value: (i.drift_r_net as number) - (i.null_drift_r_net as number),
        })),
        2000,
        `${seed}:drift-edge:${key}`,
      ),
    ),
    edge_p_value: edgeTest === undefined ? null : r4(edgeTest.p_value),
  };
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
    edge_vs_null: interval(edgeTest),
    ...nullsAndDrift,
  };
}

/** `edgeStats` per group (setup, direction…), groups in key order. */
function edgeStatsBy<T extends EdgeItem>(items: readonly T[], keyOf: (i: T) => string, seed: string) {
  return [...new Set(items.map(keyOf))].sort().map((k) =>
    edgeStats(
      k,
      items.filter((i) => keyOf(i) === k),
      seed,
    ),
  );
}

export type EdgeStats = ReturnType<typeof edgeStats>;

/**
 * The kind of edge a group shows (issue #48): 'timing' when the drift-adjusted edge's 95 % interval is
 * above zero (the cards beat their copies after each ticker's own drift is taken out: they pick the
 * moment), 'selection' when only the raw edge over the cross-ticker null is (they pick stocks that were
 * drifting), 'none' otherwise; null when the drift-adjusted edge was not measured (no filled card with
 * the history its drift needs, or a record whose outcomes carry no drift).
 */
function edgeKind(s: EdgeStats): 'timing' | 'selection' | 'none' | null {
  if (s.drift_adjusted_edge === null) return null;
  if (s.drift_adjusted_edge.low > 0) return 'timing';
  if (s.edge_vs_null !== null && s.edge_vs_null.low > 0) return 'selection';
  return 'none';
}

/** A conviction score's bucket, on the calibration table's edges (`0.3–0.4`). */
export function convictionBucket(score: number): string {
  const row = calibrationTable([score], [0]).find((r) => r.count === 1);
  return row === undefined ? 'unknown' : `${row.from.toFixed(1)}–${row.to.toFixed(1)}`;
}

/**
 * The edge section of a record or a replay (issue #48): overall and per setup, direction and conviction
 * bucket, each group's edge over the cross-ticker null with its bootstrap p-value and the Holm-adjusted
 * p-value over every group of the families together (and setup × direction when asked for) (`groups_tested` of them: a group whose
 * adjusted p is above 0.05 is one of many looks, not a finding), and per setup the kind of edge.
 */
export function edgeSection<T extends EdgeItem>(
  items: readonly T[],
  groups: {
    readonly setup: (i: T) => string;
    readonly direction: (i: T) => string;
    readonly conviction: (i: T) => number;
    /** Setup × direction (`trend_pullback long`): a fourth family, in the same correction (ADR 0093). */
    readonly setupDirection?: (i: T) => string;
  },
  seed: string,
) {
  const setups = edgeStatsBy(items, groups.setup, seed);
  const directions = edgeStatsBy(items, groups.direction, seed);
  const buckets = edgeStatsBy(items, (i) => convictionBucket(groups.conviction(i)), seed);
  const pairs = groups.setupDirection === undefined ? [] : edgeStatsBy(items, groups.setupDirection, seed);
  const all = [...setups, ...directions, ...buckets, ...pairs];
  const holm = holmAdjust(all.map((g) => g.edge_p_value ?? Number.NaN));
  const adjusted = new Map(all.map((g, k) => [g, holm[k] as number]));
  const corrected = (g: EdgeStats) => {
    const p = adjusted.get(g) as number;
    return { ...g, edge_p_holm: Number.isFinite(p) ? r4(p) : null };
  };
  const overall = edgeStats('all', items, seed);
  return {
    overall: { ...overall, edge_kind: edgeKind(overall) },
    by_setup: setups.map((g) => ({ ...corrected(g), edge_kind: edgeKind(g) })),
    by_direction: directions.map(corrected),
    by_conviction: buckets.map(corrected),
    by_setup_direction: pairs.map((g) => ({ ...corrected(g), edge_kind: edgeKind(g) })),
    groups_tested: holm.filter((p) => Number.isFinite(p)).length,
  };
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
