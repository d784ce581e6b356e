/** Balance of power: (close − open)/(high − low), 0 when high ≤ low (TA-Lib `TA_BOP`). Lookback 0. */
export function bop(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const range = high[i]! - low[i]!;
    const body = close[i]! - open[i]!;
    out[i] = range < 1e-14 ? (Number.isNaN(body) ? Number.NaN : 0) : body / range;
  }
  return out;
}
