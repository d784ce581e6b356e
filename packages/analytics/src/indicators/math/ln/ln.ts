/** Vector natural log (TA-Lib `LN`): out[i] = Math.log(x[i]). Lookback 0. */
export function ln(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.log(x[i]);
  return out;
}
