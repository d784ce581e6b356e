import { fillNaN } from './nan.js';

/** TA-Lib's EMA smoothing factor `2 / (period + 1)`. */
export function emaAlpha(period: number): number {
  return 2 / (period + 1);
}

/**
 * Exponential moving average seeded with the simple average of the first `period` values from `start`
 * (TA-Lib `TA_EMA`, classic compatibility): out[start+period-1] = SMA seed, then
 * `prev = (x - prev) * alpha + prev`. `alpha` defaults to `2 / (period + 1)`; Wilder smoothing is
 * `alpha = 1 / period` (see `wilderInto`). A NaN input poisons every later value (recursive filter).
 * `out` may alias `src`. Returns the index of the first defined output.
 */
export function emaInto(
  src: Float64Array,
  period: number,
  out: Float64Array,
  start = 0,
  alpha = emaAlpha(period),
): number {
  const n = src.length;
  const first = start + period - 1;
  if (first >= n) {
    fillNaN(out, 0, n);
    return n;
  }
  let prev = 0;
  for (let i = start; i <= first; i++) prev += src[i]!;
  prev /= period;
  fillNaN(out, 0, first);
  out[first] = prev;
  for (let i = first + 1; i < n; i++) {
    prev = (src[i]! - prev) * alpha + prev;
    out[i] = prev;
  }
  return first;
}
