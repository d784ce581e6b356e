/** Vector ceil (TA-Lib `CEIL`): out[i] = Math.ceil(x[i]). Lookback 0. */
export function ceil(x: Float64Array): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.ceil(x[i]);
  return out;
}
