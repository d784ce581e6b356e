import { fillNaN } from './nan.js';

/**
 * Simple moving average over `period` bars, written into `out` (which must not alias `src`).
 * Computation starts at `start` (earlier bars and the warm-up `[start, start + period - 1)` become NaN),
 * so chained indicators can skip the warm-up of their input. A NaN inside the window yields NaN for
 * exactly the bars whose window holds it; the running sum recovers once it leaves. TA-Lib `TA_SMA`
 * running-total algorithm. Returns the index of the first defined output.
 */
export function smaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  // Fast path without per-bar NaN bookkeeping: on NaN-free input it performs exactly the operations
  // of the guarded loop below (same results). A NaN input (or ∞ − ∞) leaves the running sum NaN for
  // good, so a NaN sum at the end sends the whole series through the guarded loop instead.
  let fast = 0;
  for (let i = start; i < first; i++) fast += src[i]!;
  for (let i = first, t = start; i < n; i++, t++) {
    fast += src[i]!;
    out[i] = fast / period;
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
    out[i] = lastNaN > i - period ? Number.NaN : sum / period;
    const t = src[i - period + 1]!;
    if (!Number.isNaN(t)) sum -= t;
  }
  return first;
}
