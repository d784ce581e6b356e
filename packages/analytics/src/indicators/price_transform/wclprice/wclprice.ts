import { requireSameLength } from '../../math/guards.js';

/** Weighted close price (TA-Lib `WCLPRICE`): (high + low + 2 * close) / 4. Lookback 0. */
export function wclprice(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const n = requireSameLength(high, low, close);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (high[i] + low[i] + close[i] * 2) / 4;
  return out;
}
