import { requireSameLength } from '../../math/guards.js';

/** Median price (TA-Lib `MEDPRICE`): (high + low) / 2. Lookback 0. */
export function medprice(high: Float64Array, low: Float64Array): Float64Array {
  const n = requireSameLength(high, low);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (high[i] + low[i]) / 2;
  return out;
}
