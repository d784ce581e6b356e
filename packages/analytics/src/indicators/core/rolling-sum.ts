import { fillNaN } from './nan.js';

/**
 * Rolling sum over `period` bars (running total, as TA-Lib `TA_SUM`). NaN while a NaN is in the window.
 * `out` must not alias `src`. Returns the index of the first defined output.
 */
export function rollingSumInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  // Fast path without NaN bookkeeping: on NaN-free input it performs exactly the operations of the
  // guarded loops below (same results). NaN is absorbing in the running sum, so a NaN input (or
  // ∞ − ∞) shows at the end and sends the series through the guarded loops instead.
  let fast = 0;
  for (let i = start; i < first; i++) fast += src[i]!;
  for (let i = first, t = start; i < n; i++, t++) {
    fast += src[i]!;
    out[i] = fast;
    fast -= src[t]!;
  }
  if (!Number.isNaN(fast)) return first;
  let sum = 0;
  let lastNaN = -1;
  for (let i = start; i < first; i++) {
    const v = src[i]!;
    if (!Number.isNaN(v)) sum += v;
    else lastNaN = i;
  }
  for (let i = first; i < n; i++) {
    const v = src[i]!;
    if (!Number.isNaN(v)) sum += v;
    else lastNaN = i;
    out[i] = lastNaN > i - period ? Number.NaN : sum;
    const t = src[i - period + 1]!;
    if (!Number.isNaN(t)) sum -= t;
  }
  return first;
}
