import { fillNaN } from './nan.js';

/**
 * Rolling population variance over `period` bars, TA-Lib `TA_VAR` algorithm (running sums of x and x²:
 * E[x²] − E[x]²). Multiply by period/(period−1) for the sample variance. NaN while a NaN is in the
 * window. `out` must not alias `src`. Returns the index of the first defined output.
 */
export function rollingVarianceInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  // Fast path without NaN bookkeeping: on NaN-free input it performs exactly the operations of the
  // guarded loops below (same results). NaN is absorbing in the running sum, so a NaN input (or
  // ∞ − ∞) shows at the end and sends the series through the guarded loops instead.
  let fastSum = 0;
  let fastSumSq = 0;
  for (let i = start; i < first; i++) {
    const v = src[i]!;
    fastSum += v;
    fastSumSq += v * v;
  }
  for (let i = first, t = start; i < n; i++, t++) {
    const v = src[i]!;
    fastSum += v;
    fastSumSq += v * v;
    const mean = fastSum / period;
    out[i] = fastSumSq / period - mean * mean;
    const w = src[t]!;
    fastSum -= w;
    fastSumSq -= w * w;
  }
  if (!Number.isNaN(fastSum) && !Number.isNaN(fastSumSq)) return first;
  let sum = 0;
  let sumSq = 0;
  let lastNaN = -1;
  for (let i = start; i < first; i++) {
    const v = src[i]!;
    if (!Number.isNaN(v)) {
      sum += v;
      sumSq += v * v;
    } else lastNaN = i;
  }
  for (let i = first; i < n; i++) {
    const v = src[i]!;
    if (!Number.isNaN(v)) {
      sum += v;
      sumSq += v * v;
    } else lastNaN = i;
    const mean = sum / period;
    out[i] = lastNaN > i - period ? Number.NaN : sumSq / period - mean * mean;
    const t = src[i - period + 1]!;
    if (!Number.isNaN(t)) {
      sum -= t;
      sumSq -= t * t;
    }
  }
  return first;
}
