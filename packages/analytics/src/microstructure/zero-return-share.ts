export interface ZeroReturnShareOptions {
  /** Days per window. Default 21. */
  readonly window?: number;
  /** |C_t − C_{t−1}| at or below this counts as a zero return (absolute price units). Default 0. */
  readonly tolerance?: number;
}

/**
 * Share of zero-return days in a rolling window (Lesmond, Ogden and Trzcinka 1999, Rev. Financial
 * Studies 12(5), 1113–1141: the proportion of days with zero returns as a transaction-cost proxy).
 * Output aligned; the first `window` bars are NaN.
 */
export function zeroReturnShare(close: Float64Array, options: ZeroReturnShareOptions = {}): Float64Array {
  const window = options.window ?? 21;
  const tolerance = options.tolerance ?? 0;
  if (!Number.isInteger(window) || window < 1) throw new RangeError('zeroReturnShare: window must be ≥ 1');
  const n = close.length;
  const zero = new Float64Array(n).fill(Number.NaN);
  for (let t = 1; t < n; t++) zero[t] = Math.abs(close[t]! - close[t - 1]!) <= tolerance ? 1 : 0;
  const out = new Float64Array(n).fill(Number.NaN);
  for (let t = window; t < n; t++) {
    let s = 0;
    for (let k = t - window + 1; k <= t; k++) s += zero[k]!;
    out[t] = s / window;
  }
  return out;
}
