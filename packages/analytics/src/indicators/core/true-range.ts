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
  // Unrolled ×8 (the same operation on each bar): V8 re-checks the typed arrays on every iteration.
  let i = 1;
  for (; i + 7 < n; i += 8) {
    out[i] = trueRange(high[i]!, low[i]!, close[i - 1]!);
    out[i + 1] = trueRange(high[i + 1]!, low[i + 1]!, close[i]!);
    out[i + 2] = trueRange(high[i + 2]!, low[i + 2]!, close[i + 1]!);
    out[i + 3] = trueRange(high[i + 3]!, low[i + 3]!, close[i + 2]!);
    out[i + 4] = trueRange(high[i + 4]!, low[i + 4]!, close[i + 3]!);
    out[i + 5] = trueRange(high[i + 5]!, low[i + 5]!, close[i + 4]!);
    out[i + 6] = trueRange(high[i + 6]!, low[i + 6]!, close[i + 5]!);
    out[i + 7] = trueRange(high[i + 7]!, low[i + 7]!, close[i + 6]!);
  }
  for (; i < n; i++) out[i] = trueRange(high[i]!, low[i]!, close[i - 1]!);
}

/** The true range of one bar (Math.max/min propagate NaN). */
export function trueRange(high: number, low: number, prevClose: number): number {
  return Math.max(high, prevClose) - Math.min(low, prevClose);
}
