import { emaInto, nanArray } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `force`: period (the raw force starts at bar 1). */
export function forceLookback(period: number): number {
  return period;
}

/**
 * Elder force index: EMA(period, SMA-seeded) of (close − previous close) × volume (Stock.Indicators
 * `ToForceIndex`).
 */
export function force(close: Float64Array, volume: Float64Array, period = 13): Float64Array {
  const n = requireSameLength(close, volume);
  requireInt('period', period, 1, 100000);
  const raw = nanArray(n);
  for (let i = 1; i < n; i++) raw[i] = (close[i] - close[i - 1]) * volume[i];
  const out = nanArray(n);
  emaInto(raw, period, out, 1);
  return out;
}
