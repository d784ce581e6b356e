import { fillNaN } from './nan.js';

/**
 * Linearly weighted moving average (weights 1..period, newest heaviest), TA-Lib `TA_WMA` running
 * sums: O(1) per bar. A NaN inside the window yields NaN while it is in the window. `out` must not
 * alias `src`. Returns the index of the first defined output.
 */
export function wmaInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  const divider = (period * (period + 1)) / 2;
  // Fast path without NaN bookkeeping: on NaN-free input it performs exactly the operations of the
  // guarded loops below (same results). Every input passes through the NaN-absorbing plain sum, so a
  // NaN input (or ∞ − ∞) shows at the end and sends the series through the guarded loops instead.
  let fastSum = 0;
  let fastWeighted = 0;
  for (let i = start; i < first; i++) {
    const v = src[i]!;
    fastSum += v;
    fastWeighted += v * (i - start + 1);
  }
  for (let i = first, t = start; i < n; i++, t++) {
    const v = src[i]!;
    fastSum += v;
    fastWeighted += v * period;
    out[i] = fastWeighted / divider;
    fastWeighted -= fastSum;
    fastSum -= src[t]!;
  }
  if (!Number.isNaN(fastSum) && !Number.isNaN(fastWeighted)) return first;
  let periodSum = 0; // plain sum of the window
  let weighted = 0; // weighted sum of the window
  let lastNaN = -1;
  for (let i = start; i < first; i++) {
    let v = src[i]!;
    if (Number.isNaN(v)) {
      lastNaN = i;
      v = 0;
    }
    periodSum += v;
    weighted += v * (i - start + 1);
  }
  for (let i = first; i < n; i++) {
    let v = src[i]!;
    if (Number.isNaN(v)) {
      lastNaN = i;
      v = 0;
    }
    periodSum += v;
    weighted += v * period;
    out[i] = lastNaN > i - period ? Number.NaN : weighted / divider;
    weighted -= periodSum;
    const t = src[i - period + 1]!;
    if (!Number.isNaN(t)) periodSum -= t;
  }
  return first;
}
