import { type NegativeHandling, signedRoot } from './negative-estimates.js';

export interface AbdiRanaldoOptions {
  /** Number of two-day products averaged. Default 21. */
  readonly window?: number;
  /**
   * Policy when the window mean of the two-day products is negative. Default 'zero' (Abdi and
   * Ranaldo 2017 set negative monthly squared spreads to zero).
   */
  readonly negative?: NegativeHandling;
}

/**
 * Abdi and Ranaldo (2017, Rev. Financial Studies 30(12), 4437–4480) CHL spread from close, high and
 * low. With η_t = (ln H_t + ln L_t)/2 and c_t = ln C_t, the squared spread is
 *   S² = 4 · E[(c_{t−1} − η_{t−1})(c_{t−1} − η_t)],
 * estimated by the mean of the two-day products over a rolling window (their "monthly" estimator);
 * S = √max(S², 0) by default. Output aligned with the inputs; the first `window` bars are NaN.
 */
export function abdiRanaldoSpread(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  options: AbdiRanaldoOptions = {},
): Float64Array {
  const window = options.window ?? 21;
  const negative = options.negative ?? 'zero';
  if (!Number.isInteger(window) || window < 1) throw new RangeError('abdiRanaldoSpread: window must be ≥ 1');
  const n = high.length;
  if (low.length !== n || close.length !== n) throw new RangeError('abdiRanaldoSpread: length mismatch');
  const prod = new Float64Array(n).fill(Number.NaN);
  for (let t = 1; t < n; t++) {
    const c0 = Math.log(close[t - 1]!);
    const eta0 = (Math.log(high[t - 1]!) + Math.log(low[t - 1]!)) / 2;
    const eta1 = (Math.log(high[t]!) + Math.log(low[t]!)) / 2;
    prod[t] = 4 * (c0 - eta0) * (c0 - eta1);
  }
  const out = new Float64Array(n).fill(Number.NaN);
  for (let t = window; t < n; t++) {
    let s = 0;
    for (let k = t - window + 1; k <= t; k++) s += prod[k]!;
    out[t] = signedRoot(s / window, negative);
  }
  return out;
}
