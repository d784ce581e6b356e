/** Vector trigonometric Sin (TA-Lib `SIN`): out[i] = Math.sin(x[i]). Lookback 0. */
export function sin(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.sin(x[i]);
  return out;
}
