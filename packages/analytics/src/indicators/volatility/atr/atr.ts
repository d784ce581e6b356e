import { fillNaN } from '../../core/index.js';
import { trueRange } from '../../core/true-range.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `atr`: period (true range starts at bar 1, then `period` bars seed the average). */
export function atrLookback(period: number): number {
  return period;
}

/**
 * Average true range (TA-Lib `ATR`): Wilder smoothing (alpha 1/period) of the true range, seeded with
 * the simple mean of the first `period` true ranges (bars 1…period). Period 1 is the true range.
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  // One pass without the true-range array: the same operations in the same order as
  // `trueRangeInto` followed by `wilderInto(tr, period, out, 1)` (emaInto with alpha 1/period).
  const out = new Float64Array(n);
  fillNaN(out, 0, Math.min(period, n));
  if (period >= n) return out;
  let prev = 0;
  for (let i = 1; i <= period; i++) prev += trueRange(high[i]!, low[i]!, close[i - 1]!);
  prev /= period;
  out[period] = prev;
  const alpha = 1 / period;
  for (let i = period + 1; i < n; i++) {
    prev = (trueRange(high[i]!, low[i]!, close[i - 1]!) - prev) * alpha + prev;
    out[i] = prev;
  }
  return out;
}
