import { requireSameLength } from '../../math/guards.js';

/**
 * Volume-price trend: running total from 0 of volume × the close's fractional change. Lookback 0.
 * A bar with a NaN close or volume is NaN and adds nothing.
 */
export function vpt(close: Float64Array, volume: Float64Array): Float64Array {
  const n = requireSameLength(close, volume);
  const out = new Float64Array(n);
  if (n === 0) return out;
  out[0] = Number.isNaN(close[0]) || Number.isNaN(volume[0]) ? Number.NaN : 0;
  let total = 0;
  let prev = close[0];
  for (let i = 1; i < n; i++) {
    const c = close[i];
    const step = (volume[i] * (c - prev)) / prev;
    if (Number.isNaN(step)) {
      out[i] = Number.NaN;
      if (!Number.isNaN(c)) prev = c;
      continue;
    }
    total += step;
    out[i] = total;
    prev = c;
  }
  return out;
}
