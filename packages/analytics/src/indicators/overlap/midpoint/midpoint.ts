import { nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';

/** Leading NaN bars of `midpoint`. */
export function midpointLookback(period: number): number {
  return period - 1;
}

/** (highest + lowest)/2 of `values` over the last `period` bars (TA-Lib `TA_MIDPOINT`). */
export function midpoint(values: Float64Array, period = 14): Float64Array {
  const n = values.length;
  const hi = new Float64Array(n);
  const out = nanArray(n);
  const first = rollingMaxInto(values, period, hi);
  rollingMinInto(values, period, out);
  for (let i = first; i < n; i++) out[i] = (hi[i]! + out[i]!) / 2;
  return out;
}
