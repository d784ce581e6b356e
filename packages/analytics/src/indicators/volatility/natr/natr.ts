import { fillNaN } from '../../core/index.js';
import { trueRange } from '../../core/true-range.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `natr`: period. */
export function natrLookback(period: number): number {
  return period;
}

const EPSILON = 1e-14;

/**
 * Normalized ATR (TA-Lib `NATR`): 100 × ATR / close; 0 where the close is (numerically) zero.
 * One pass without intermediate arrays: the true range, `atr`'s Wilder smoothing (`emaInto` with
 * alpha 1/period, seeded with the mean of the true ranges of bars 1…period) and the normalisation,
 * with the same operations in the same order as composing `trueRangeInto`, `wilderInto` and the
 * division.
 */
export function natr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  const out = new Float64Array(n);
  fillNaN(out, 0, Math.min(period, n));
  if (period >= n) return out;
  let atr = 0;
  for (let i = 1; i <= period; i++) atr += trueRange(high[i]!, low[i]!, close[i - 1]!);
  atr /= period;
  let c = close[period]!;
  out[period] = normalized(atr, c);
  const alpha = 1 / period;
  for (let i = period + 1; i < n; i++) {
    atr = (trueRange(high[i]!, low[i]!, c) - atr) * alpha + atr;
    c = close[i]!;
    out[i] = normalized(atr, c);
  }
  return out;
}

function normalized(atr: number, close: number): number {
  return close > -EPSILON && close < EPSILON ? 0 : (atr / close) * 100;
}
