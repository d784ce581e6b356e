export interface AmihudOptions {
  /** Days averaged. Default 21. */
  readonly window?: number;
  /** Multiplier of |r| / dollar volume; the default 1e6 reads as "return per $1 million traded". */
  readonly scale?: number;
}

/**
 * Amihud (2002, J. Financial Markets 5(1), 31–56, eq. 1) illiquidity: ILLIQ = mean_d |r_d| / (P_d·V_d),
 * with r_d the close-to-close simple return and P_d·V_d the day's dollar volume (close × volume).
 * Days with zero or missing volume are skipped (their ratio is undefined); NaN if a window has none.
 * Output aligned; the first `window` bars are NaN.
 */
export function amihudIlliquidity(
  close: Float64Array,
  volume: Float64Array,
  options: AmihudOptions = {},
): Float64Array {
  const window = options.window ?? 21;
  const scale = options.scale ?? 1e6;
  if (!Number.isInteger(window) || window < 1) throw new RangeError('amihudIlliquidity: window must be ≥ 1');
  const n = close.length;
  if (volume.length !== n) throw new RangeError('amihudIlliquidity: length mismatch');
  const ratio = new Float64Array(n).fill(Number.NaN);
  for (let t = 1; t < n; t++) {
    const dv = close[t]! * volume[t]!;
    if (dv > 0) ratio[t] = Math.abs(close[t]! / close[t - 1]! - 1) / dv;
  }
  const out = new Float64Array(n).fill(Number.NaN);
  for (let t = window; t < n; t++) {
    let s = 0;
    let m = 0;
    for (let k = t - window + 1; k <= t; k++) {
      const v = ratio[k]!;
      if (Number.isFinite(v)) {
        s += v;
        m++;
      }
    }
    if (m > 0) out[t] = (s / m) * scale;
  }
  return out;
}
