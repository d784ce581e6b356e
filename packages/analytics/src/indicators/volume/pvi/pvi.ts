import { requireReal, requireSameLength } from '../../math/guards.js';

/**
 * Positive volume index (P. Fosback): starts at `start` (1000) and compounds the close's percent change
 * only on bars where volume rises from the previous bar. Lookback 0.
 */
export function pvi(close: Float64Array, volume: Float64Array, start = 1000): Float64Array {
  const n = requireSameLength(close, volume);
  requireReal('start', start, 1e-12, 1e18);
  const out = new Float64Array(n);
  if (n === 0) return out;
  let index = start;
  out[0] = Number.isNaN(close[0]) || Number.isNaN(volume[0]) ? Number.NaN : index;
  for (let i = 1; i < n; i++) {
    if (volume[i] > volume[i - 1]) index *= 1 + (close[i] - close[i - 1]) / close[i - 1];
    out[i] = Number.isNaN(close[i]) || Number.isNaN(volume[i]) ? Number.NaN : index;
  }
  return out;
}
