import { requireSameLength } from '../guards.js';

/** Vector arithmetic divide (TA-Lib `DIV`): out[i] = a[i] / b[i]. Lookback 0. */
export function div(a: Float64Array, b: Float64Array): Float64Array {
  const n = requireSameLength(a, b);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = a[i] / b[i];
  return out;
}
