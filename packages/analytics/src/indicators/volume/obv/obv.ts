import { requireSameLength } from '../../math/guards.js';

/**
 * On-balance volume (TA-Lib `OBV`): starts at the first bar's volume, then adds the volume of up
 * closes and subtracts that of down closes. Lookback 0. A NaN close or volume makes its bar NaN and
 * leaves the running total unchanged.
 */
export function obv(close: Float64Array, volume: Float64Array): Float64Array {
  const n = requireSameLength(close, volume);
  const out = new Float64Array(n);
  if (n === 0) return out;
  let total = volume[0];
  let prev = close[0];
  out[0] = Number.isNaN(prev) ? Number.NaN : total;
  for (let i = 1; i < n; i++) {
    const c = close[i];
    const v = volume[i];
    if (Number.isNaN(c) || Number.isNaN(v)) {
      out[i] = Number.NaN;
      continue;
    }
    if (c > prev) total += v;
    else if (c < prev) total -= v;
    out[i] = total;
    prev = c;
  }
  return out;
}
