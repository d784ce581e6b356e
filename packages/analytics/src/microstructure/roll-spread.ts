import { type NegativeHandling, signedRoot } from './negative-estimates.js';

export interface RollSpreadOptions {
  /** Number of close-to-close log returns per estimate. Default 21. */
  readonly window?: number;
  /** Policy when the first-order autocovariance is positive. Default 'zero'. */
  readonly negative?: NegativeHandling;
}

/**
 * Roll (1984) implied effective spread, relative to price: S = 2·√(−Cov(r_t, r_{t−1})), computed on
 * log close-to-close returns over a rolling window (Roll 1984, J. Finance 39(4), p. 1129, the
 * serial-covariance estimator s = 2√(−cov)). Sample covariance (denominator m − 1) of the m =
 * window − 1 adjacent return pairs inside the window. Output aligned with `close`; NaN for the first
 * `window` bars and wherever a window holds a non-finite price.
 */
export function rollSpread(close: Float64Array, options: RollSpreadOptions = {}): Float64Array {
  const window = options.window ?? 21;
  const negative = options.negative ?? 'zero';
  if (!Number.isInteger(window) || window < 3)
    throw new RangeError('rollSpread: window must be an integer ≥ 3');
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const r = new Float64Array(n).fill(Number.NaN);
  for (let t = 1; t < n; t++) r[t] = Math.log(close[t]! / close[t - 1]!);
  // Pair k is (r[k], r[k-1]) for k ≥ 2; the estimate at t uses pairs k = t−window+2 … t.
  for (let t = window; t < n; t++) {
    let sx = 0;
    let sy = 0;
    let sxy = 0;
    let m = 0;
    let ok = true;
    for (let k = t - window + 2; k <= t; k++) {
      const x = r[k]!;
      const y = r[k - 1]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        ok = false;
        break;
      }
      sx += x;
      sy += y;
      sxy += x * y;
      m++;
    }
    if (!ok) continue;
    const cov = (sxy - (sx * sy) / m) / (m - 1);
    out[t] = 2 * signedRoot(-cov, negative);
  }
  return out;
}
