import { fillNaN } from './index.js';
import { hasNaN, latestMaxIndex, latestMinIndex, maskNaNWindows, selectInto } from './rolling-extrema.js';

/**
 * Where the close sits in the high/low range of the last `period` bars, in one pass.
 * `williams = false`: stochastic %K = 100·(close − LL)/(HH − LL); `williams = true`: Williams %R =
 * −100·(HH − close)/(HH − LL). 0 when the range is 0 (TA-Lib). NaN while a NaN is in the window.
 * Returns the first defined index.
 *
 * HH and LL are TA-Lib's values (its track-and-rescan keeps the latest extreme on ties), found here by
 * van Herk / Gil-Werman blocks of `period` bars: a window is a suffix of the previous block followed
 * by a prefix of the current one. Each bar enters one running prefix extreme (forward, `>=`: the later
 * bar wins ties) and one suffix extreme of its block (backward, `>`: the later bar keeps ties), which
 * the loop computes for the next block alongside; the window takes the prefix on ties. So HH and LL are
 * the latest extremes of every window, as TA-Lib's. The running extremes are updated without a branch
 * (`selectInto`): a new extreme comes in no predictable pattern and V8 has no conditional move for
 * doubles; prefix against suffix is a plain test (it flips at most once per block). The range
 * `(HH − LL)/scale` is recomputed every bar — a function of HH and LL, so the same value as TA-Lib's,
 * which recomputes it only when one changes. NaN never wins a comparison and the loop only notes a
 * NaN (or ∞ − ∞ in a sum); the windows holding a NaN are overwritten afterwards.
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
  if (!(Number.isInteger(period) && period >= 1)) {
    return rangePositionTracked(high, low, close, period, out, start, williams);
  }
  const n = close.length;
  const first = start + period - 1;
  if (first >= n) {
    fillNaN(out, 0, n);
    return n;
  }
  const scale = williams ? -100 : 100;
  // buf[0, 8): select slots. Then two suffix tables of 2·(period + 1): highest highs at [t, t + period],
  // lowest lows at [t + m, t + m + period] (entry k: bars k.. of a block; entry `period` a sentinel
  // that never wins). `cur` is the previous block's table (sentinels only before the first block),
  // `nxt` the one filled for the next block.
  const m = period + 1;
  const buf = new Float64Array(8 + 4 * m);
  for (let t = 8; t < 8 + 4 * m; t += 2 * m) {
    buf.fill(Number.NEGATIVE_INFINITY, t, t + m);
    buf.fill(Number.POSITIVE_INFINITY, t + m, t + 2 * m);
  }
  let cur = 8;
  let nxt = 8 + 2 * m;
  let sawNaN = false;
  let b = start;
  for (; b + period <= n; b += period) {
    let ph = Number.NEGATIVE_INFINITY; // highest high / lowest low of the block's bars so far
    let pl = Number.POSITIVE_INFINITY;
    let sh = Number.NEGATIVE_INFINITY; // highest high / lowest low of the block's bars r..
    let sl = Number.POSITIVE_INFINITY;
    let k = 0;
    // Two bars per iteration (V8 re-checks every typed array on each iteration): forward bars k, k + 1,
    // backward bars r, r − 1.
    for (; k + 1 < period; k += 2) {
      const i = b + k;
      const r = period - 1 - k;
      const h0 = high[i]!;
      const l0 = low[i]!;
      const c0 = close[i]!;
      const h1 = high[i + 1]!;
      const l1 = low[i + 1]!;
      const c1 = close[i + 1]!;
      if (Number.isNaN(h0 + l0 + c0 + h1 + l1 + c1)) sawNaN = true; // also on ∞ − ∞: the mask pass is exact
      const bh0 = high[b + r]!;
      const bl0 = low[b + r]!;
      const bh1 = high[b + r - 1]!;
      const bl1 = low[b + r - 1]!;
      sh = selectInto(buf, 4, sh, bh0, bh0 > sh);
      sl = selectInto(buf, 6, sl, bl0, bl0 < sl);
      buf[nxt + r] = sh;
      buf[nxt + m + r] = sl;
      sh = selectInto(buf, 4, sh, bh1, bh1 > sh);
      sl = selectInto(buf, 6, sl, bl1, bl1 < sl);
      buf[nxt + r - 1] = sh;
      buf[nxt + m + r - 1] = sl;
      ph = selectInto(buf, 0, ph, h0, h0 >= ph);
      pl = selectInto(buf, 2, pl, l0, l0 <= pl);
      const s0 = buf[cur + k + 1]!;
      const t0 = buf[cur + m + k + 1]!;
      out[i] = rangePosition(ph >= s0 ? ph : s0, pl <= t0 ? pl : t0, c0, scale, williams);
      ph = selectInto(buf, 0, ph, h1, h1 >= ph);
      pl = selectInto(buf, 2, pl, l1, l1 <= pl);
      const s1 = buf[cur + k + 2]!;
      const t1 = buf[cur + m + k + 2]!;
      out[i + 1] = rangePosition(ph >= s1 ? ph : s1, pl <= t1 ? pl : t1, c1, scale, williams);
    }
    if (k < period) {
      // Odd period: the block's last bar forward, its first bar backward.
      const i = b + k;
      const h = high[i]!;
      const l = low[i]!;
      const c = close[i]!;
      if (Number.isNaN(h + l + c)) sawNaN = true;
      const bh = high[b]!;
      const bl = low[b]!;
      sh = selectInto(buf, 4, sh, bh, bh > sh);
      sl = selectInto(buf, 6, sl, bl, bl < sl);
      buf[nxt] = sh;
      buf[nxt + m] = sl;
      ph = selectInto(buf, 0, ph, h, h >= ph);
      pl = selectInto(buf, 2, pl, l, l <= pl);
      const s = buf[cur + k + 1]!;
      const t = buf[cur + m + k + 1]!;
      out[i] = rangePosition(ph >= s ? ph : s, pl <= t ? pl : t, c, scale, williams);
    }
    const done = cur;
    cur = nxt;
    nxt = done;
  }
  // The last, partial block: prefixes only.
  let ph = Number.NEGATIVE_INFINITY;
  let pl = Number.POSITIVE_INFINITY;
  for (let i = b; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    if (Number.isNaN(h + l + c)) sawNaN = true;
    if (h >= ph) ph = h;
    if (l <= pl) pl = l;
    const s = buf[cur + i - b + 1]!;
    const t = buf[cur + m + i - b + 1]!;
    out[i] = rangePosition(ph >= s ? ph : s, pl <= t ? pl : t, c, scale, williams);
  }
  fillNaN(out, 0, first); // the first block also wrote the warm-up bars
  if (sawNaN) {
    maskNaNWindows(high, period, out, start);
    maskNaNWindows(low, period, out, start);
    maskNaNWindows(close, period, out, start);
  }
  return first;
}

/**
 * TA-Lib's track-and-rescan (the previous implementation), for a `period` that is not a whole number
 * ≥ 1: such a call has no meaningful window, and it keeps returning what it always returned.
 */
function rangePositionTracked(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
  out: Float64Array,
  start: number,
  williams: boolean,
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

/** TA-Lib's %K / %R of close `c` in the range [ll, hh]: 0 when the range is 0. */
function rangePosition(hh: number, ll: number, c: number, scale: number, williams: boolean): number {
  const diff = (hh - ll) / scale;
  if (diff === 0) return 0;
  return williams ? (hh - c) / diff : (c - ll) / diff;
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
