/** Vector trigonometric ATan (TA-Lib `ATAN`): out[i] = Math.atan(x[i]). Lookback 0. */
export function atan(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.atan(x[i]);
  return out;
}
