import { nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';

/** Leading NaN bars of `midprice`. */
export function midpriceLookback(period: number): number {
  return period - 1;
}

/** (highest high + lowest low)/2 over the last `period` bars (TA-Lib `TA_MIDPRICE`). */
export function midprice(high: Float64Array, low: Float64Array, period = 14): Float64Array {
  const n = high.length;
  const hi = new Float64Array(n);
  const out = nanArray(n);
  const first = rollingMaxInto(high, period, hi);
  rollingMinInto(low, period, out);
  for (let i = first; i < n; i++) out[i] = (hi[i]! + out[i]!) / 2;
  return out;
}
