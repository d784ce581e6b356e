import { fillNaN } from '../../core/index.js';
import { hasNaN, latestMaxIndex, latestMinIndex, maskNaNWindows } from '../../core/rolling-extrema.js';

/**
 * Where the close sits in the high/low range of the last `period` bars, in one pass (the highest high
 * and lowest low are tracked like TA-Lib: rescan only when the extreme leaves the window).
 * `williams = false`: stochastic %K = 100·(close − LL)/(HH − LL); `williams = true`: Williams %R =
 * −100·(HH − close)/(HH − LL). 0 when the range is 0 (TA-Lib). NaN while a NaN is in the window.
 * Returns the first defined index.
 *
 * The scaled range `diff` is recomputed only when HH or LL changes (as TA-Lib does; it is a function
 * of the two, so the values are the same). NaN bookkeeping is out of the loop: the extremes never
 * depend on it, so the loop only notes a NaN and the windows holding one are overwritten afterwards.
 */
export function rangePositionInto(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out: Float64Array,
  start = 0,
  williams = false,
): number {
  const n = close.length;
  const first = start + period - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  const scale = williams ? -100 : 100;
  let hiIdx = -1;
  let loIdx = -1;
  let hh = Number.NEGATIVE_INFINITY;
  let ll = Number.POSITIVE_INFINITY;
  let diff = 0;
  let sawNaN = hasNaN(high, start, first) || hasNaN(low, start, first) || hasNaN(close, start, first);
  for (let i = first; i < n; i++) {
    const trailing = i - period + 1;
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    if (Number.isNaN(h) || Number.isNaN(l) || Number.isNaN(c)) sawNaN = true;
    if (hiIdx < trailing) {
      hiIdx = latestMaxIndex(high, trailing, i);
      hh = high[hiIdx]!;
      diff = (hh - ll) / scale;
    } else if (h >= hh) {
      hh = h;
      hiIdx = i;
      diff = (hh - ll) / scale;
    }
    if (loIdx < trailing) {
      loIdx = latestMinIndex(low, trailing, i);
      ll = low[loIdx]!;
      diff = (hh - ll) / scale;
    } else if (l <= ll) {
      ll = l;
      loIdx = i;
      diff = (hh - ll) / scale;
    }
    if (diff === 0) out[i] = 0;
    else out[i] = williams ? (hh - c) / diff : (c - ll) / diff;
  }
  if (sawNaN) {
    maskNaNWindows(high, period, out, start);
    maskNaNWindows(low, period, out, start);
    maskNaNWindows(close, period, out, start);
  }
  return first;
}

/** Stochastic %K kernel (TA-Lib `TA_STOCHF` arithmetic); see `rangePositionInto`. */
export function fastKInto(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out: Float64Array,
  start = 0,
): number {
  return rangePositionInto(high, low, close, period, out, start, false);
}
