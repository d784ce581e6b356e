/** Vector trigonometric Tanh (TA-Lib `TANH`): out[i] = Math.tanh(x[i]). Lookback 0. */
export function tanh(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.tanh(x[i]);
  return out;
}
