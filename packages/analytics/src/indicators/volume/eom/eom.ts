import { nanArray, smaInto } from '../../core/index.js';
import { requireInt, requireReal, requireSameLength } from '../../math/guards.js';

/** Lookback of `eom`: period (the raw value starts at bar 1). */
export function eomLookback(period: number): number {
  return period;
}

/**
 * Ease of movement (R. Arms): SMA(period) of divisor × Δ((H+L)/2) × (H − L) / volume, i.e. the midpoint
 * move divided by the "box ratio" volume / (H − L). A bar with zero volume contributes 0.
 */
export function eom(
  high: Float64Array,
  low: Float64Array,
  volume: Float64Array,
  period = 14,
  divisor = 10000,
): Float64Array {
  const n = requireSameLength(high, low, volume);
  requireInt('period', period, 1, 100000);
  requireReal('divisor', divisor, 1e-12, 1e18);
  const raw = nanArray(n);
  for (let i = 1; i < n; i++) {
    const v = volume[i];
    const move = (high[i] + low[i]) / 2 - (high[i - 1] + low[i - 1]) / 2;
    raw[i] = v === 0 ? 0 : (divisor * move * (high[i] - low[i])) / v;
  }
  const out = nanArray(n);
  smaInto(raw, period, out, 1);
  return out;
}
