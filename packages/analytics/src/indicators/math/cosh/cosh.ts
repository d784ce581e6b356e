/** Vector trigonometric Cosh (TA-Lib `COSH`): out[i] = Math.cosh(x[i]). Lookback 0. */
export function cosh(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.cosh(x[i]);
  return out;
}
