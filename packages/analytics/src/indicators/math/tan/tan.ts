/** Vector trigonometric Tan (TA-Lib `TAN`): out[i] = Math.tan(x[i]). Lookback 0. */
export function tan(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.tan(x[i]);
  return out;
}
