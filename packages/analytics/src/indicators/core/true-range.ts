import { fillNaN } from './nan.js';

/**
 * True range: max(high, prevClose) - min(low, prevClose), TA-Lib `TA_TRANGE`. Bar 0 has no previous
 * close and is NaN (lookback 1). NaN in any input at bar i or a NaN close at i-1 yields NaN.
 */
export function trueRangeInto(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  out: Float64Array,
): void {
  const n = close.length;
  fillNaN(out, 0, Math.min(1, n));
  for (let i = 1; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const pc = close[i - 1]!;
    out[i] = Math.max(h, pc) - Math.min(l, pc); // Math.max/min propagate NaN
  }
}

/** The true range of one bar, as `trueRangeInto` computes it. */
export function trueRange(high: number, low: number, prevClose: number): number {
  return Math.max(high, prevClose) - Math.min(low, prevClose);
}
