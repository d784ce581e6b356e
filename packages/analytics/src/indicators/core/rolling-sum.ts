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
