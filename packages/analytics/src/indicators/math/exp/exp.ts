/** Vector arithmetic Exp (TA-Lib `EXP`): out[i] = Math.exp(x[i]). Lookback 0. */
export function exp(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.exp(x[i]);
  return out;
}
