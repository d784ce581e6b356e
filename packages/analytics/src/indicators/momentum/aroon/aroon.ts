import { fillNaN } from '../../core/index.js';
import { latestMaxIndex, latestMinIndex, selectInto } from '../../core/rolling-extrema.js';

/** Leading NaN bars of `aroon` (TA-Lib: period; the window spans period + 1 bars). */
export function aroonLookback(period: number): number {
  return period;
}

/**
 * Aroon (Chande), TA-Lib `TA_AROON`: 100·(period − bars since the highest high)/period and the same
 * for the lowest low, over a window of period + 1 bars; ties go to the most recent bar.
 * NaN while a NaN high or low is in the window (a bar whose high + low is NaN).
 *
 * TA-Lib tracks each extreme's index and rescans the window when it drops out; the same indices (the
 * latest extreme of every window) come here from van Herk / Gil-Werman blocks of period + 1 bars, as
 * in `rangePositionInto` (stochf/fast-k.ts): a window is a suffix of the previous block followed by a
 * prefix of the current one; forward prefixes take the later bar on ties (`>=`), backward suffixes
 * keep it (`>`), and the window takes the prefix on ties. The running extremes and their indices are
 * updated without a branch (`selectInto`). NaN never wins a comparison; the loop only notes a NaN
 * high + low (or ∞ − ∞ across bars) and the windows holding one are overwritten afterwards.
 */
export function aroon(
  high: Float64Array,
  low: Float64Array,
  period = 14,
): { aroondown: Float64Array; aroonup: Float64Array } {
  if (!(Number.isInteger(period) && period >= 1)) return aroonTracked(high, low, period);
  const n = high.length;
  const aroonup = new Float64Array(n);
  const aroondown = new Float64Array(n);
  if (period < n) {
    const w = period + 1; // window and block length
    const buf = new Float64Array(TABLES + 8 * (w + 1));
    let sawNaN = aroonBlocks(high, low, period, buf, aroonup, aroondown);
    // The last full block's suffixes are in the table `aroonBlocks` ended on (the two alternate).
    const blocks = Math.floor(n / w);
    const cur = blocks % 2 === 0 ? TABLES : TABLES + 4 * (w + 1);
    if (aroonLastBlock(high, low, period, blocks * w, buf, cur, aroonup, aroondown)) sawNaN = true;
    if (sawNaN) maskNaNBars(high, low, period, aroonup, aroondown);
  }
  fillNaN(aroonup, 0, Math.min(period, n)); // the first block also wrote the warm-up bars
  fillNaN(aroondown, 0, Math.min(period, n));
  return { aroondown, aroonup };
}

/** `buf[0, TABLES)`: select slots; the two suffix tables follow (see `aroonBlocks`). */
const TABLES = 16;

/**
 * Aroon up/down of every full block of period + 1 bars (the first block's values are warm-up);
 * returns whether a high + low was NaN (or ∞ − ∞ across bars). `buf` holds two suffix tables of
 * 4·(w + 1) entries from `TABLES` on — highest high, its index, lowest low, its index, each at
 * [t + q·m, t + q·m + w] (entry k: bars k.. of a block; entry w a sentinel that never wins): the
 * previous block's (`cur`) and the one filled for the next block (`nxt`).
 */
function aroonBlocks(
  high: Float64Array,
  low: Float64Array,
  period: number,
  buf: Float64Array,
  aroonup: Float64Array,
  aroondown: Float64Array,
): boolean {
  const n = high.length;
  const factor = 100 / period;
  const w = period + 1;
  const m = w + 1;
  for (let t = TABLES; t < TABLES + 8 * m; t += 4 * m) {
    buf.fill(Number.NEGATIVE_INFINITY, t, t + m);
    buf.fill(Number.POSITIVE_INFINITY, t + 2 * m, t + 3 * m);
  }
  let cur = TABLES;
  let nxt = TABLES + 4 * m;
  let sawNaN = false;
  for (let b = 0; b + w <= n; b += w) {
    let ph = Number.NEGATIVE_INFINITY; // highest high / lowest low of the block's bars so far, and where
    let phAt = b;
    let pl = Number.POSITIVE_INFINITY;
    let plAt = b;
    let sh = Number.NEGATIVE_INFINITY; // highest high / lowest low of the block's bars r.., and where
    let shAt = b;
    let sl = Number.POSITIVE_INFINITY;
    let slAt = b;
    let k = 0;
    // Two bars per iteration (V8 re-checks every typed array on each iteration).
    for (; k + 1 < w; k += 2) {
      const i = b + k;
      const r = w - 1 - k;
      const h0 = high[i]!;
      const l0 = low[i]!;
      const h1 = high[i + 1]!;
      const l1 = low[i + 1]!;
      if (Number.isNaN(h0 + l0 + h1 + l1)) sawNaN = true; // also on ∞ − ∞: the mask pass is exact
      const bh0 = high[b + r]!;
      const bl0 = low[b + r]!;
      const bh1 = high[b + r - 1]!;
      const bl1 = low[b + r - 1]!;
      let up = bh0 > sh;
      shAt = selectInto(buf, 8, shAt, b + r, up);
      sh = selectInto(buf, 10, sh, bh0, up);
      let down = bl0 < sl;
      slAt = selectInto(buf, 12, slAt, b + r, down);
      sl = selectInto(buf, 14, sl, bl0, down);
      buf[nxt + r] = sh;
      buf[nxt + m + r] = shAt;
      buf[nxt + 2 * m + r] = sl;
      buf[nxt + 3 * m + r] = slAt;
      up = bh1 > sh;
      shAt = selectInto(buf, 8, shAt, b + r - 1, up);
      sh = selectInto(buf, 10, sh, bh1, up);
      down = bl1 < sl;
      slAt = selectInto(buf, 12, slAt, b + r - 1, down);
      sl = selectInto(buf, 14, sl, bl1, down);
      buf[nxt + r - 1] = sh;
      buf[nxt + m + r - 1] = shAt;
      buf[nxt + 2 * m + r - 1] = sl;
      buf[nxt + 3 * m + r - 1] = slAt;
      up = h0 >= ph;
      phAt = selectInto(buf, 0, phAt, i, up);
      ph = selectInto(buf, 2, ph, h0, up);
      down = l0 <= pl;
      plAt = selectInto(buf, 4, plAt, i, down);
      pl = selectInto(buf, 6, pl, l0, down);
      let hiAt = ph >= buf[cur + k + 1]! ? phAt : buf[cur + m + k + 1]!;
      let loAt = pl <= buf[cur + 2 * m + k + 1]! ? plAt : buf[cur + 3 * m + k + 1]!;
      aroonup[i] = factor * (period - (i - hiAt));
      aroondown[i] = factor * (period - (i - loAt));
      up = h1 >= ph;
      phAt = selectInto(buf, 0, phAt, i + 1, up);
      ph = selectInto(buf, 2, ph, h1, up);
      down = l1 <= pl;
      plAt = selectInto(buf, 4, plAt, i + 1, down);
      pl = selectInto(buf, 6, pl, l1, down);
      hiAt = ph >= buf[cur + k + 2]! ? phAt : buf[cur + m + k + 2]!;
      loAt = pl <= buf[cur + 2 * m + k + 2]! ? plAt : buf[cur + 3 * m + k + 2]!;
      aroonup[i + 1] = factor * (period - (i + 1 - hiAt));
      aroondown[i + 1] = factor * (period - (i + 1 - loAt));
    }
    if (k < w) {
      // Odd window: the block's last bar forward, its first bar backward.
      const i = b + k;
      const h = high[i]!;
      const l = low[i]!;
      if (Number.isNaN(h + l)) sawNaN = true;
      const bh = high[b]!;
      const bl = low[b]!;
      const up = bh > sh;
      buf[nxt] = selectInto(buf, 10, sh, bh, up);
      buf[nxt + m] = selectInto(buf, 8, shAt, b, up);
      const down = bl < sl;
      buf[nxt + 2 * m] = selectInto(buf, 14, sl, bl, down);
      buf[nxt + 3 * m] = selectInto(buf, 12, slAt, b, down);
      const upP = h >= ph;
      phAt = selectInto(buf, 0, phAt, i, upP);
      ph = selectInto(buf, 2, ph, h, upP);
      const downP = l <= pl;
      plAt = selectInto(buf, 4, plAt, i, downP);
      pl = selectInto(buf, 6, pl, l, downP);
      const hiAt = ph >= buf[cur + k + 1]! ? phAt : buf[cur + m + k + 1]!;
      const loAt = pl <= buf[cur + 2 * m + k + 1]! ? plAt : buf[cur + 3 * m + k + 1]!;
      aroonup[i] = factor * (period - (i - hiAt));
      aroondown[i] = factor * (period - (i - loAt));
    }
    const done = cur;
    cur = nxt;
    nxt = done;
  }
  return sawNaN;
}

/**
 * Aroon of the bars from `b` on, fewer than a block: their prefixes against the previous block's
 * suffixes at `buf[cur..]` (see `aroonBlocks`). Returns whether a high + low was NaN.
 */
function aroonLastBlock(
  high: Float64Array,
  low: Float64Array,
  period: number,
  b: number,
  buf: Float64Array,
  cur: number,
  aroonup: Float64Array,
  aroondown: Float64Array,
): boolean {
  const n = high.length;
  const m = period + 2;
  const factor = 100 / period;
  let sawNaN = false;
  let ph = Number.NEGATIVE_INFINITY;
  let phAt = b;
  let pl = Number.POSITIVE_INFINITY;
  let plAt = b;
  for (let i = b; i < n; i++) {
    const k = i - b;
    const h = high[i]!;
    const l = low[i]!;
    if (Number.isNaN(h + l)) sawNaN = true;
    if (h >= ph) {
      ph = h;
      phAt = i;
    }
    if (l <= pl) {
      pl = l;
      plAt = i;
    }
    const hiAt = ph >= buf[cur + k + 1]! ? phAt : buf[cur + m + k + 1]!;
    const loAt = pl <= buf[cur + 2 * m + k + 1]! ? plAt : buf[cur + 3 * m + k + 1]!;
    aroonup[i] = factor * (period - (i - hiAt));
    aroondown[i] = factor * (period - (i - loAt));
  }
  return sawNaN;
}

/**
 * TA-Lib's track-and-rescan (the previous implementation), for a `period` that is not a whole number
 * ≥ 1: such a call has no meaningful window, and it keeps returning what it always returned.
 */
function aroonTracked(
  high: Float64Array,
  low: Float64Array,
  period: number,
): { aroondown: Float64Array; aroonup: Float64Array } {
  const n = high.length;
  const aroonup = new Float64Array(n);
  const aroondown = new Float64Array(n);
  fillNaN(aroonup, 0, Math.min(period, n));
  fillNaN(aroondown, 0, Math.min(period, n));
  const factor = 100 / period;
  let hiIdx = -1;
  let loIdx = -1;
  let hh = Number.NEGATIVE_INFINITY;
  let ll = Number.POSITIVE_INFINITY;
  // NaN bookkeeping out of the loop: the tracked extremes never depend on it, so the loop only notes
  // a bar whose high + low is NaN and those windows are overwritten afterwards (same outputs).
  let sawNaN = false;
  for (let j = 0; j < Math.min(period, n); j++) if (Number.isNaN(high[j]! + low[j]!)) sawNaN = true;
  for (let i = period; i < n; i++) {
    const trailing = i - period;
    const h = high[i]!;
    const l = low[i]!;
    if (Number.isNaN(h + l)) sawNaN = true;
    if (hiIdx < trailing) {
      hiIdx = latestMaxIndex(high, trailing, i);
      hh = high[hiIdx]!;
    } else if (h >= hh) {
      hh = h;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      loIdx = latestMinIndex(low, trailing, i);
      ll = low[loIdx]!;
    } else if (l <= ll) {
      ll = l;
      loIdx = i;
    }
    aroonup[i] = factor * (period - (i - hiIdx));
    aroondown[i] = factor * (period - (i - loIdx));
  }
  if (sawNaN) maskNaNBars(high, low, period, aroonup, aroondown);
  return { aroondown, aroonup };
}

/** NaN into both outputs from bar `period` on wherever the window of period + 1 bars holds a NaN high + low. */
function maskNaNBars(
  high: Float64Array,
  low: Float64Array,
  period: number,
  up: Float64Array,
  down: Float64Array,
): void {
  const n = high.length;
  let filled = period; // outputs before `filled` are done
  for (let j = 0; j < n; j++) {
    if (!Number.isNaN(high[j]! + low[j]!)) continue;
    const end = Math.min(j + period + 1, n);
    for (let k = Math.max(j, filled); k < end; k++) {
      up[k] = Number.NaN;
      down[k] = Number.NaN;
    }
    if (end > filled) filled = end;
  }
}
