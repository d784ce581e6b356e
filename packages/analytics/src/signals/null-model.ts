import { cardCostR } from './costs.js';
import { type CardOutcome, evaluateOutcome, type OutcomeBars } from './outcome.js';
import { seededRandom } from './seeded-random.js';
import type { CardLevels } from './types.js';

/** Matched random cards drawn per real card. */
export const NULL_DRAWS = 20;
/** Bars of the mean true range that measures a ticker's "ATR units" for the null model. */
const RANGE_BARS = 14;

/** A ticker as the null model sees it: its bars and the index of the last bar before the card's session. */
export interface NullTicker {
  readonly ticker: string;
  readonly bars: OutcomeBars;
  readonly t: number;
}

/**
 * Mean true range of the `n` bars through `t` (a plain average, so it depends on those bars only and a
 * replay and the live tracker agree whatever history each loaded); NaN without `n + 1` bars.
 */
export function meanTrueRange(bars: OutcomeBars, t: number, n = RANGE_BARS): number {
  if (t < n || t >= bars.close.length) return Number.NaN;
  let sum = 0;
  for (let i = t - n + 1; i <= t; i++) {
    const prev = bars.close[i - 1] as number;
    const hi = bars.high[i] as number;
    const lo = bars.low[i] as number;
    sum += Math.max(hi - lo, Math.abs(hi - prev), Math.abs(lo - prev));
  }
  return sum / n;
}

/**
 * The card's levels moved to another ticker in ATR units: each level's distance from the card ticker's
 * close at t, divided by its range, times the other ticker's range, from the other ticker's close at t.
 * The geometry (order, R to each target) is kept; undefined when a level would not be a positive price.
 */
export function matchedLevels(
  levels: CardLevels,
  from: { readonly close: number; readonly range: number },
  to: { readonly close: number; readonly range: number },
): CardLevels | undefined {
  const k = to.range / from.range;
  if (!(k > 0) || !Number.isFinite(k)) return undefined;
  const move = (x: number) => to.close + (x - from.close) * k;
  const out: CardLevels = {
    direction: levels.direction,
    entry_zone: { low: move(levels.entry_zone.low), high: move(levels.entry_zone.high) },
    t1: move(levels.t1),
    t2: move(levels.t2),
    stop: move(levels.stop),
  };
  const all = [out.entry_zone.low, out.entry_zone.high, out.t1, out.t2, out.stop];
  return all.every((x) => x > 0 && Number.isFinite(x)) ? out : undefined;
}

/** One matched random card's outcome, with its levels (its cost in R depends on them). */
export interface NullDraw extends CardOutcome {
  readonly ticker: string;
  readonly levels: CardLevels;
  /** Index of the first bar the draw was judged on (its "session"). */
  readonly from: number;
}

/** What the matched random cards of one card did. */
export interface NullSummary {
  readonly draws: number;
  /** Draws whose entry filled and whose outcome is known. */
  readonly filled: number;
  /** Share of filled draws that reached T1 before the stop; null without any. */
  readonly t1_rate: number | null;
  /** Mean R of the filled draws, gross and net of costs; null without any. */
  readonly average_r: number | null;
  readonly average_r_net: number | null;
}

/**
 * The null model of issue #25: `draws` random cards matched to one real card — same session (bar t is the
 * last bar before it on every ticker), same direction, a ticker drawn at random (with replacement) from
 * the others, the same levels in ATR units of that ticker, judged by the same outcome rules over the same
 * number of sessions. Seeded by `seed` (the card's id), so the same card always meets the same draws.
 */
export function nullOutcomes(
  levels: CardLevels,
  card: NullTicker,
  others: readonly NullTicker[],
  expiryBars: number,
  seed: string,
  draws = NULL_DRAWS,
): NullDraw[] {
  const anchor = { close: card.bars.close[card.t] as number, range: meanTrueRange(card.bars, card.t) };
  const pool = others
    .filter((o) => o.ticker !== card.ticker)
    .map((o) => ({ ...o, range: meanTrueRange(o.bars, o.t) }))
    .filter((o) => Number.isFinite(o.range));
  if (pool.length === 0 || !(anchor.range > 0)) return [];
  const random = seededRandom(seed);
  const out: NullDraw[] = [];
  for (let k = 0; k < draws; k++) {
    const peer = pool[Math.floor(random() * pool.length)] as (typeof pool)[number];
    const moved = matchedLevels(levels, anchor, {
      close: peer.bars.close[peer.t] as number,
      range: peer.range,
    });
    if (moved === undefined) continue;
    const o = evaluateOutcome(moved, peer.bars, peer.t + 1, expiryBars);
    if (!o.open) out.push({ ...o, ticker: peer.ticker, levels: moved, from: peer.t + 1 });
  }
  return out;
}

/** Hit rate and mean R (gross and net of `bpsPerSide`) of null draws. */
export function summariseNull(
  draws: readonly NullDraw[],
  bpsPerSide: number,
  requested = NULL_DRAWS,
): NullSummary {
  const filled = draws.filter((d) => d.t1_before_stop !== null && d.r_multiple !== null);
  const n = filled.length;
  if (n === 0) return { draws: requested, filled: 0, t1_rate: null, average_r: null, average_r_net: null };
  let hits = 0;
  let gross = 0;
  let net = 0;
  for (const d of filled) {
    if (d.t1_before_stop) hits++;
    const r = d.r_multiple as number;
    gross += r;
    net += r - cardCostR(d.levels, bpsPerSide);
  }
  return { draws: requested, filled: n, t1_rate: hits / n, average_r: gross / n, average_r_net: net / n };
}
