import { requireSameLength } from '../../math/guards.js';

/** Typical price (TA-Lib `TYPPRICE`): (high + low + close) / 3. Lookback 0. */
export function typprice(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const n = requireSameLength(high, low, close);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (high[i] + low[i] + close[i]) / 3;
  return out;
}
