/** Vector square root (TA-Lib `SQRT`): out[i] = Math.sqrt(x[i]). Lookback 0. */
export function sqrt(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.sqrt(x[i]);
  return out;
}
