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
