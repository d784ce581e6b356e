/**
 * Cross-sectional rankings across the universe each session (issue #48, ADR 0093): published anomalies
 * used as card *selection* — which of the day's candidates to keep — rather than as per-ticker inputs.
 * Every score is oriented so that higher is the better long: the percentile rank over the members of the
 * day says how a ticker compares with the others that day.
 *
 * Point in time: the score at bar `t` reads only bars `0 … t` (the scan bar), never a later one — the
 * property test in cross-section.test.ts changes every bar after `t` and sees the same score.
 */

/** The rankings the selection knows. */
export const CROSS_SECTION_FACTORS = [
  'momentum_12_1',
  'near_52w_high',
  'reversal_1m',
  'low_volatility_60d',
] as const;

export type CrossSectionFactor = (typeof CROSS_SECTION_FACTORS)[number];

/** Sessions in a month and a year of daily bars. */
const MONTH = 21;
const YEAR = 252;
const VOL_WINDOW = 60;

/**
 * The factor's score at every bar, each from bars up to it only (NaN before the lookback or where a
 * price is missing):
 * - `momentum_12_1`: the return from 12 months to 1 month before (close[t−21] / close[t−252] − 1);
 * - `near_52w_high`: the close over the highest high of the last 252 bars (1 at the high);
 * - `reversal_1m`: minus the last month's return (the month's losers rank high: short-term reversal);
 * - `low_volatility_60d`: minus the standard deviation of the last 60 daily log returns.
 */
export function factorSeries(
  bars: { readonly close: ArrayLike<number>; readonly high: ArrayLike<number> },
  factor: CrossSectionFactor,
): Float64Array {
  const { close, high } = bars;
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const c = (i: number) => close[i] as number;
  switch (factor) {
    case 'momentum_12_1':
      for (let t = YEAR; t < n; t++) out[t] = c(t - MONTH) / c(t - YEAR) - 1;
      break;
    case 'reversal_1m':
      for (let t = MONTH; t < n; t++) out[t] = -(c(t) / c(t - MONTH) - 1);
      break;
    case 'near_52w_high': {
      // Monotone deque of indices whose highs decrease: the window's maximum is at its front.
      const q: number[] = [];
      let head = 0;
      for (let t = 0; t < n; t++) {
        const h = high[t] as number;
        while (q.length > head && (high[q[q.length - 1] as number] as number) <= h) q.pop();
        q.push(t);
        while ((q[head] as number) <= t - YEAR) head++;
        if (t >= YEAR - 1) out[t] = c(t) / (high[q[head] as number] as number);
      }
      break;
    }
    case 'low_volatility_60d': {
      // Recomputed over each window (60 terms): exact, and the same at t however many bars follow.
      const r = new Float64Array(n).fill(Number.NaN);
      for (let t = 1; t < n; t++) r[t] = Math.log(c(t) / c(t - 1));
      for (let t = VOL_WINDOW; t < n; t++) {
        let sum = 0;
        for (let k = t - VOL_WINDOW + 1; k <= t; k++) sum += r[k] as number;
        const mean = sum / VOL_WINDOW;
        let ss = 0;
        for (let k = t - VOL_WINDOW + 1; k <= t; k++) ss += ((r[k] as number) - mean) ** 2;
        out[t] = -Math.sqrt(ss / (VOL_WINDOW - 1));
      }
      break;
    }
  }
  for (let t = 0; t < n; t++) if (!Number.isFinite(out[t] as number)) out[t] = Number.NaN;
  return out;
}

/**
 * Percentile ranks of the day's scores among the tickers that have one: 0 the lowest, 1 the highest,
 * ties sharing their mid-rank; a lone ticker ranks 0.5. Tickers whose score is NaN get no rank.
 */
export function percentileRanks(scores: ReadonlyMap<string, number>): Map<string, number> {
  const finite = [...scores].filter(([, s]) => Number.isFinite(s)).sort((a, b) => a[1] - b[1]);
  const ranks = new Map<string, number>();
  const n = finite.length;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && (finite[j + 1] as [string, number])[1] === (finite[i] as [string, number])[1]) j++;
    const mid = (i + j) / 2;
    for (let k = i; k <= j; k++) ranks.set((finite[k] as [string, number])[0], n === 1 ? 0.5 : mid / (n - 1));
    i = j + 1;
  }
  return ranks;
}

/** The selection's cross-sectional rule: keep longs in the top fraction of the day's ranking, shorts in the bottom. */
export interface CrossSectionRule {
  readonly factor: CrossSectionFactor;
  /** Fraction of the day's members kept (0 < f ≤ 1): longs ranked ≥ 1 − f, shorts ranked ≤ f. */
  readonly keepTopFraction: number;
}

/** Whether a candidate of this direction and day rank passes the rule (no rank: it does not). */
export function passesCrossSection(
  rule: CrossSectionRule,
  direction: 'long' | 'short',
  rank: number | undefined,
): boolean {
  if (rank === undefined || !Number.isFinite(rank)) return false;
  return direction === 'long'
    ? rank >= 1 - rule.keepTopFraction - 1e-12
    : rank <= rule.keepTopFraction + 1e-12;
}
