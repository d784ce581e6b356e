import { emaAlpha, fillNaN } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `elder_ray`: period − 1. */
export function elderRayLookback(period: number): number {
  return period - 1;
}

/**
 * Elder-ray index (A. Elder; Stock.Indicators `ToElderRay`): bull power = high − EMA(close, period),
 * bear power = low − EMA(close, period), SMA-seeded EMA.
 */
export function elderRay(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 13,
): { bull: Float64Array; bear: Float64Array } {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  // One pass: the EMA (TA-Lib `emaInto` arithmetic: SMA seed, then (x − prev)·α + prev) is kept in a
  // scalar instead of an intermediate array; only the warm-up is NaN-filled.
  const bull = new Float64Array(n);
  const bear = new Float64Array(n);
  const first = period - 1;
  fillNaN(bull, 0, Math.min(first, n));
  fillNaN(bear, 0, Math.min(first, n));
  if (first >= n) return { bull, bear };
  const alpha = emaAlpha(period);
  let prev = 0;
  for (let i = 0; i <= first; i++) prev += close[i]!;
  prev /= period;
  bull[first] = high[first]! - prev;
  bear[first] = low[first]! - prev;
  for (let i = first + 1; i < n; i++) {
    prev = (close[i]! - prev) * alpha + prev;
    bull[i] = high[i]! - prev;
    bear[i] = low[i]! - prev;
  }
  return { bull, bear };
}
