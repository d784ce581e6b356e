import { requireSameLength } from '../../math/guards.js';

/** Weighted close price (TA-Lib `WCLPRICE`): (high + low + 2 * close) / 4. Lookback 0. */
export function wclprice(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const n = requireSameLength(high, low, close);
  const out = new Float64Array(n);
  // Unrolled ×8 (the same operation on each element): V8 re-checks every typed array on each
  // iteration, so fewer iterations cost measurably less.
  let i = 0;
  for (; i + 7 < n; i += 8) {
    out[i] = (high[i]! + low[i]! + close[i]! * 2) / 4;
    out[i + 1] = (high[i + 1]! + low[i + 1]! + close[i + 1]! * 2) / 4;
    out[i + 2] = (high[i + 2]! + low[i + 2]! + close[i + 2]! * 2) / 4;
    out[i + 3] = (high[i + 3]! + low[i + 3]! + close[i + 3]! * 2) / 4;
    out[i + 4] = (high[i + 4]! + low[i + 4]! + close[i + 4]! * 2) / 4;
    out[i + 5] = (high[i + 5]! + low[i + 5]! + close[i + 5]! * 2) / 4;
    out[i + 6] = (high[i + 6]! + low[i + 6]! + close[i + 6]! * 2) / 4;
    out[i + 7] = (high[i + 7]! + low[i + 7]! + close[i + 7]! * 2) / 4;
  }
  for (; i < n; i++) out[i] = (high[i]! + low[i]! + close[i]! * 2) / 4;
  return out;
}
