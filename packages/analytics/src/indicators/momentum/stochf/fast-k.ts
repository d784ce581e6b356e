import { fillNaN } from '../../core/index.js';

/**
 * Where the close sits in the high/low range of the last `period` bars, in one pass (the highest high
 * and lowest low are tracked like TA-Lib: rescan only when the extreme leaves the window).
 * `williams = false`: stochastic %K = 100·(close − LL)/(HH − LL); `williams = true`: Williams %R =
 * −100·(HH − close)/(HH − LL). 0 when the range is 0 (TA-Lib). NaN while a NaN is in the window.
 * Returns the first defined index.
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
  let hiIdx = -1;
  let loIdx = -1;
  let hh = Number.NEGATIVE_INFINITY;
  let ll = Number.POSITIVE_INFINITY;
  let lastNaN = -1;
  for (let j = start; j < first; j++) {
    if (Number.isNaN(high[j]!) || Number.isNaN(low[j]!) || Number.isNaN(close[j]!)) lastNaN = j;
  }
  for (let i = first; i < n; i++) {
    const trailing = i - period + 1;
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    if (Number.isNaN(h) || Number.isNaN(l) || Number.isNaN(c)) lastNaN = i;
    if (hiIdx < trailing) {
      hh = Number.NEGATIVE_INFINITY;
      hiIdx = i;
      for (let j = trailing; j <= i; j++) {
        const v = high[j]!;
        if (v >= hh) {
          hh = v;
          hiIdx = j;
        }
      }
    } else if (h >= hh) {
      hh = h;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      ll = Number.POSITIVE_INFINITY;
      loIdx = i;
      for (let j = trailing; j <= i; j++) {
        const v = low[j]!;
        if (v <= ll) {
          ll = v;
          loIdx = j;
        }
      }
    } else if (l <= ll) {
      ll = l;
      loIdx = i;
    }
    if (lastNaN >= trailing) out[i] = Number.NaN;
    else if (williams) {
      const diff = (hh - ll) / -100;
      out[i] = diff !== 0 ? (hh - c) / diff : 0;
    } else {
      const diff = (hh - ll) / 100;
      out[i] = diff !== 0 ? (c - ll) / diff : 0;
    }
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
