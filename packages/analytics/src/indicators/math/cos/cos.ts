/** Vector trigonometric Cos (TA-Lib `COS`): out[i] = Math.cos(x[i]). Lookback 0. */
export function cos(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.cos(x[i]);
  return out;
}
