/** Vector trigonometric ASin (TA-Lib `ASIN`): out[i] = Math.asin(x[i]). Lookback 0. */
export function asin(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.asin(x[i]);
  return out;
}
