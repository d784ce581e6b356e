import { nanArray, rollingMaxInto, rollingMinInto, rollingSumInto } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `vhf`: period (close changes start at bar 1). */
export function vhfLookback(period: number): number {
  return period;
}

/**
 * Vertical horizontal filter (A. White): (highest close − lowest close) / Σ|close_t − close_{t−1}|
 * over the last `period` bars; high values mean trending, low values congestion.
 */
export function vhf(close: Float64Array, period = 28): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = close.length;
  const moves = nanArray(n);
  for (let i = 1; i < n; i++) moves[i] = Math.abs(close[i] - close[i - 1]);
  const sum = nanArray(n);
  const hi = nanArray(n);
  const lo = nanArray(n);
  rollingSumInto(moves, period, sum, 1);
  rollingMaxInto(close, period, hi, 1);
  rollingMinInto(close, period, lo, 1);
  const out = nanArray(n);
  for (let i = period; i < n; i++) out[i] = sum[i] === 0 ? 0 : (hi[i] - lo[i]) / sum[i];
  return out;
}
