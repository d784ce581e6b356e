import { clampEstimate, type NegativeHandling } from './negative-estimates.js';

export interface CorwinSchultzOptions {
  /** Number of two-day estimates averaged. Default 21. */
  readonly window?: number;
  /**
   * Policy for negative two-day estimates, applied before averaging. Default 'zero' (Corwin and
   * Schultz 2012 set negative two-day spreads to zero before taking monthly means).
   */
  readonly negative?: NegativeHandling;
  /**
   * Shift day t's high and low by the overnight gap when the whole range lies above or below the
   * previous close (Corwin and Schultz 2012, Section 3.2 adjustment for overnight returns). Default true.
   */
  readonly adjustOvernight?: boolean;
}

const K = 3 - 2 * Math.SQRT2;

/**
 * Two-day Corwin–Schultz spread from the high/low of days t−1 and t (relative spread, 0.01 = 1 %).
 *   β = ln²(H_{t−1}/L_{t−1}) + ln²(H_t/L_t),  γ = ln²(max(H_{t−1},H_t) / min(L_{t−1},L_t)),
 *   α = (√(2β) − √β)/(3 − 2√2) − √(γ/(3 − 2√2)),  S = 2(e^α − 1)/(1 + e^α).
 */
export function corwinSchultzTwoDay(h0: number, l0: number, h1: number, l1: number): number {
  const b0 = Math.log(h0 / l0);
  const b1 = Math.log(h1 / l1);
  const beta = b0 * b0 + b1 * b1;
  const g = Math.log(Math.max(h0, h1) / Math.min(l0, l1));
  const gamma = g * g;
  const alpha = (Math.sqrt(2 * beta) - Math.sqrt(beta)) / K - Math.sqrt(gamma / K);
  const e = Math.exp(alpha);
  return (2 * (e - 1)) / (1 + e);
}

/**
 * Corwin and Schultz (2012, J. Finance 67(2), 719–760) high–low spread estimator, averaged over a
 * rolling window of two-day estimates. Output aligned with the inputs; the estimate at t averages
 * the two-day estimates ending at t−window+1 … t, so the first `window` bars are NaN. With
 * `negative: 'nan'` negative two-day estimates are skipped (the mean is over the rest; NaN if none).
 */
export function corwinSchultzSpread(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  options: CorwinSchultzOptions = {},
): Float64Array {
  const window = options.window ?? 21;
  const negative = options.negative ?? 'zero';
  const adjust = options.adjustOvernight ?? true;
  if (!Number.isInteger(window) || window < 1)
    throw new RangeError('corwinSchultzSpread: window must be ≥ 1');
  const n = high.length;
  if (low.length !== n || close.length !== n) throw new RangeError('corwinSchultzSpread: length mismatch');
  const two = new Float64Array(n).fill(Number.NaN);
  for (let t = 1; t < n; t++) {
    let h1 = high[t]!;
    let l1 = low[t]!;
    const c0 = close[t - 1]!;
    if (adjust) {
      if (l1 > c0) {
        h1 -= l1 - c0;
        l1 = c0;
      } else if (h1 < c0) {
        l1 += c0 - h1;
        h1 = c0;
      }
    }
    two[t] = clampEstimate(corwinSchultzTwoDay(high[t - 1]!, low[t - 1]!, h1, l1), negative);
  }
  const out = new Float64Array(n).fill(Number.NaN);
  for (let t = window; t < n; t++) {
    let s = 0;
    let m = 0;
    let bad = false;
    for (let k = t - window + 1; k <= t; k++) {
      const v = two[k]!;
      if (Number.isNaN(v)) {
        if (negative !== 'nan') bad = true;
        continue;
      }
      s += v;
      m++;
    }
    out[t] = bad || m === 0 ? Number.NaN : s / m;
  }
  return out;
}
