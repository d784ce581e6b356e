/** Vector floor (TA-Lib `FLOOR`): out[i] = Math.floor(x[i]). Lookback 0. */
export function floor(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(x[i]);
  return out;
}
