import { emaInto, nanArray } from '../../core/index.js';
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
  const ema = nanArray(n);
  emaInto(close, period, ema);
  const bull = nanArray(n);
  const bear = nanArray(n);
  for (let i = period - 1; i < n; i++) {
    bull[i] = high[i] - ema[i];
    bear[i] = low[i] - ema[i];
  }
  return { bull, bear };
}
