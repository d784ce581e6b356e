/** Vector trigonometric Sinh (TA-Lib `SINH`): out[i] = Math.sinh(x[i]). Lookback 0. */
export function sinh(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.sinh(x[i]);
  return out;
}
