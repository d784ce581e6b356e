import { requireReal, requireSameLength } from '../../math/guards.js';

/**
 * Negative volume index (P. Fosback): starts at `start` (1000) and compounds the close's percent change
 * only on bars where volume falls from the previous bar. Lookback 0.
 */
export function nvi(close: Float64Array, volume: Float64Array, start = 1000): Float64Array {
  const n = requireSameLength(close, volume);
  requireReal('start', start, 1e-12, 1e18);
  const out = new Float64Array(n);
  if (n === 0) return out;
  let index = start;
  let prevClose = close[0];
  let prevVolume = volume[0];
  out[0] = Number.isNaN(prevClose) || Number.isNaN(prevVolume) ? Number.NaN : index;
  for (let i = 1; i < n; i++) {
    const c = close[i];
    const v = volume[i];
    if (Number.isNaN(c) || Number.isNaN(v)) {
      out[i] = Number.NaN; // a missing bar is skipped; the next compares with the last valid one
      continue;
    }
    if (!Number.isNaN(prevClose) && v < prevVolume) index *= 1 + (c - prevClose) / prevClose;
    out[i] = index;
    prevClose = c;
    prevVolume = v;
  }
  return out;
}
