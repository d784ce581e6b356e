/** Vector Log10 (TA-Lib `LOG10`): out[i] = Math.log10(x[i]). Lookback 0. */
export function log10(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.log10(x[i]);
  return out;
}
