/** Vector trigonometric ACos (TA-Lib `ACOS`): out[i] = Math.acos(x[i]). Lookback 0. */
export function acos(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.acos(x[i]);
  return out;
}
