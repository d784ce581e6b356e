import type { CardLevels, Direction, LongPlan } from './types.js';

/** Smallest first-target reward, in R, a plan may offer; a thinner one is not worth a card. */
const MIN_T1_R = 0.75;

/**
 * A plan if its levels are finite and ordered — stop < entryLow ≤ entryHigh < t1 < t2 — with a real risk
 * and at least MIN_T1_R of reward to the first target (from the zone's middle); else undefined.
 *
 * With `close`, the last close (in the plan's long terms), the zone must also be one the broker
 * integration's bracket can fill: its entry is a limit at the last price held to the zone, so a zone wholly
 * beyond the close (long: above it) would be met by a limit at its near edge that buys at once, under the
 * zone. Such a plan is not published (ADR 0087; trend pullback and pattern reversal pass their close).
 */
export function checkedPlan(plan: LongPlan, close?: number): LongPlan | undefined {
  const { entryLow, entryHigh, stop, t1, t2 } = plan;
  if (![entryLow, entryHigh, stop, t1, t2, plan.level.price].every(Number.isFinite)) return undefined;
  if (!(stop < entryLow && entryLow <= entryHigh && entryHigh < t1 && t1 < t2)) return undefined;
  if (close !== undefined && !(entryLow <= close)) return undefined;
  const mid = (entryLow + entryHigh) / 2;
  return (t1 - mid) / (mid - stop) >= MIN_T1_R ? plan : undefined;
}

/** Rounds a price to the instrument's tick (cents by default). */
export function roundPrice(x: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

/**
 * Card levels in market terms, rounded to `decimals`. A short plan was found on the mirrored series, so
 * its prices are negated back (the zone's ends swap). Undefined when rounding breaks the ordering.
 */
export function cardLevels(plan: LongPlan, direction: Direction, decimals = 2): CardLevels | undefined {
  const s = direction === 'long' ? 1 : -1;
  const r = (x: number) => roundPrice(s * x, decimals);
  const levels: CardLevels = {
    direction,
    entry_zone: {
      low: r(direction === 'long' ? plan.entryLow : plan.entryHigh),
      high: r(direction === 'long' ? plan.entryHigh : plan.entryLow),
    },
    t1: r(plan.t1),
    t2: r(plan.t2),
    stop: r(plan.stop),
  };
  return levelsOrdered(levels) ? levels : undefined;
}

/** Long: stop < entry.low ≤ entry.high < t1 < t2. Short: stop > entry.high ≥ entry.low > t1 > t2. */
export function levelsOrdered(l: CardLevels): boolean {
  const { low, high } = l.entry_zone;
  return l.direction === 'long'
    ? l.stop < low && low <= high && high < l.t1 && l.t1 < l.t2
    : l.stop > high && high >= low && low > l.t1 && l.t1 > l.t2;
}

/** Reward-to-risk of each target, measured from the middle of the entry zone. */
export function riskReward(l: CardLevels): { t1: number; t2: number } {
  const mid = (l.entry_zone.low + l.entry_zone.high) / 2;
  const risk = Math.abs(mid - l.stop);
  return { t1: Math.abs(l.t1 - mid) / risk, t2: Math.abs(l.t2 - mid) / risk };
}
