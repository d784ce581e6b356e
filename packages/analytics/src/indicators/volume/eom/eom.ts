import { nanArray } from '../../core/index.js';
import { requireInt, requireReal, requireSameLength } from '../../math/guards.js';

/** Lookback of `eom`: period (the raw value starts at bar 1). */
export function eomLookback(period: number): number {
  return period;
}

function rawEom(
  high: Float64Array,
  low: Float64Array,
  volume: Float64Array,
  j: number,
  divisor: number,
): number {
  const v = volume[j];
  const move = (high[j] + low[j]) / 2 - (high[j - 1] + low[j - 1]) / 2;
  return v === 0 ? 0 : (divisor * move * (high[j] - low[j])) / v;
}

/**
 * Ease of movement (R. Arms): SMA(period) of divisor × Δ((H+L)/2) × (H − L) / volume, i.e. the midpoint
 * move divided by the "box ratio" volume / (H − L). A bar with zero volume contributes 0. One pass:
 * a running window sum whose leaving term is recomputed from the inputs; a NaN term is left out of the
 * sum and makes the windows holding it NaN.
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
  const out = nanArray(n);
  let sum = 0;
  let lastNaN = -1;
  for (let i = 1; i < n; i++) {
    const r = rawEom(high, low, volume, i, divisor);
    if (Number.isNaN(r)) lastNaN = i;
    else sum += r;
    if (i < period) continue;
    out[i] = lastNaN > i - period ? Number.NaN : sum / period;
    const old = rawEom(high, low, volume, i - period + 1, divisor);
    if (!Number.isNaN(old)) sum -= old;
  }
  return out;
}
