export interface TurnoverOptions {
  /** Days averaged. Default 21; 1 gives the daily turnover. */
  readonly window?: number;
}

/**
 * Share turnover V_t / shares outstanding, averaged over a rolling window. Shares outstanding is not
 * part of OHLCV, so the caller passes it (a constant or a per-bar series). Output aligned; the
 * first `window − 1` bars are NaN.
 */
export function turnover(
  volume: Float64Array,
  sharesOutstanding: number | Float64Array,
  options: TurnoverOptions = {},
): Float64Array {
  const window = options.window ?? 21;
  if (!Number.isInteger(window) || window < 1) throw new RangeError('turnover: window must be ≥ 1');
  const n = volume.length;
  if (typeof sharesOutstanding !== 'number' && sharesOutstanding.length !== n) {
    throw new RangeError('turnover: length mismatch');
  }
  const daily = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const so = typeof sharesOutstanding === 'number' ? sharesOutstanding : sharesOutstanding[t]!;
    daily[t] = so > 0 ? volume[t]! / so : Number.NaN;
  }
  const out = new Float64Array(n).fill(Number.NaN);
  for (let t = window - 1; t < n; t++) {
    let s = 0;
    for (let k = t - window + 1; k <= t; k++) s += daily[k]!;
    out[t] = s / window;
  }
  return out;
}
