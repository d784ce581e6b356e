import { fillNaN } from './nan.js';

// Rolling extremes with TA-Lib's results: ties go to the most recent bar, NaN never wins a comparison,
// and an output whose window holds a NaN is NaN. TA-Lib tracks the current extreme and its index and
// rescans the window when it leaves (the index kernels below, and the fallbacks); the value kernels
// (`rollingMaxInto`/`rollingMinInto`, and willr/stoch/aroon beside them) reach the same extremes by
// van Herk / Gil-Werman blocks with branch-free running extremes (`selectInto`): a new extreme comes
// in no predictable pattern, and the mispredicted branches were most of TA-Lib's scan's cost in V8.
//
// The NaN bookkeeping is kept out of the hot loops: the tracked extreme never depends on it, so the
// loops write the extreme of every window and only note whether a NaN was seen; when one was,
// `maskNaNWindows` then overwrites the windows that hold a NaN. Same outputs as testing every bar.

/**
 * Index of the highest value in `src[from..to]`, the latest one on ties (forward scan with `>=`);
 * `to` when every value is NaN. Unrolled ×4: the same comparisons in the same order.
 */
export function latestMaxIndex(src: Float64Array, from: number, to: number): number {
  let best = Number.NEGATIVE_INFINITY;
  let idx = to;
  let j = from;
  for (; j + 3 <= to; j += 4) {
    const a = src[j]!;
    const b = src[j + 1]!;
    const c = src[j + 2]!;
    const d = src[j + 3]!;
    if (a >= best) {
      best = a;
      idx = j;
    }
    if (b >= best) {
      best = b;
      idx = j + 1;
    }
    if (c >= best) {
      best = c;
      idx = j + 2;
    }
    if (d >= best) {
      best = d;
      idx = j + 3;
    }
  }
  for (; j <= to; j++) {
    const a = src[j]!;
    if (a >= best) {
      best = a;
      idx = j;
    }
  }
  return idx;
}

/** Like `latestMaxIndex` for the lowest value (`<=`, latest on ties; `to` when all NaN). */
export function latestMinIndex(src: Float64Array, from: number, to: number): number {
  let best = Number.POSITIVE_INFINITY;
  let idx = to;
  let j = from;
  for (; j + 3 <= to; j += 4) {
    const a = src[j]!;
    const b = src[j + 1]!;
    const c = src[j + 2]!;
    const d = src[j + 3]!;
    if (a <= best) {
      best = a;
      idx = j;
    }
    if (b <= best) {
      best = b;
      idx = j + 1;
    }
    if (c <= best) {
      best = c;
      idx = j + 2;
    }
    if (d <= best) {
      best = d;
      idx = j + 3;
    }
  }
  for (; j <= to; j++) {
    const a = src[j]!;
    if (a <= best) {
      best = a;
      idx = j;
    }
  }
  return idx;
}

/**
 * TA-Lib's rescan for MAXINDEX/MINMAXINDEX: index of the highest value in `src[from..to]`, the
 * earliest one on ties (starts from `src[from]`, replaces only on `>`; a NaN start is kept).
 * Unrolled ×4: the same comparisons in the same order.
 */
export function earliestMaxIndex(src: Float64Array, from: number, to: number): number {
  let best = src[from]!;
  let idx = from;
  let j = from + 1;
  for (; j + 3 <= to; j += 4) {
    const a = src[j]!;
    const b = src[j + 1]!;
    const c = src[j + 2]!;
    const d = src[j + 3]!;
    if (a > best) {
      best = a;
      idx = j;
    }
    if (b > best) {
      best = b;
      idx = j + 1;
    }
    if (c > best) {
      best = c;
      idx = j + 2;
    }
    if (d > best) {
      best = d;
      idx = j + 3;
    }
  }
  for (; j <= to; j++) {
    const a = src[j]!;
    if (a > best) {
      best = a;
      idx = j;
    }
  }
  return idx;
}

/** Like `earliestMaxIndex` for the lowest value (`<`, earliest on ties). */
export function earliestMinIndex(src: Float64Array, from: number, to: number): number {
  let best = src[from]!;
  let idx = from;
  let j = from + 1;
  for (; j + 3 <= to; j += 4) {
    const a = src[j]!;
    const b = src[j + 1]!;
    const c = src[j + 2]!;
    const d = src[j + 3]!;
    if (a < best) {
      best = a;
      idx = j;
    }
    if (b < best) {
      best = b;
      idx = j + 1;
    }
    if (c < best) {
      best = c;
      idx = j + 2;
    }
    if (d < best) {
      best = d;
      idx = j + 3;
    }
  }
  for (; j <= to; j++) {
    const a = src[j]!;
    if (a < best) {
      best = a;
      idx = j;
    }
  }
  return idx;
}

/**
 * `pick ? b : a` without a branch, through the two slots `buf[slot]`, `buf[slot + 1]`: `Number(pick)`
 * compiles to a flag-setting instruction and the value is loaded by that index. For running extremes
 * whose new-extreme test is a coin flip: V8 has no conditional move for doubles, and a mispredicted
 * branch costs more than the two stores and the load. The value is `a` or `b` itself (−0 stays −0).
 */
export function selectInto(buf: Float64Array, slot: number, a: number, b: number, pick: boolean): number {
  buf[slot] = a;
  buf[slot + 1] = b;
  return buf[slot + Number(pick)]!;
}

/** Whether `src[from, to)` holds a NaN. */
export function hasNaN(src: Float64Array, from: number, to: number): boolean {
  for (let j = from; j < to; j++) if (Number.isNaN(src[j]!)) return true;
  return false;
}

/**
 * Writes NaN into every output `out[i]`, `i >= start + width - 1`, whose trailing window
 * `[i - width + 1, i]` holds a NaN of `src` at or after `start` (each output written at most once).
 */
export function maskNaNWindows(src: Float64Array, width: number, out: Float64Array, start = 0): void {
  const n = Math.min(src.length, out.length);
  let filled = start + width - 1; // out[.., filled) is done
  for (let j = start; j < n; j++) {
    if (!Number.isNaN(src[j]!)) continue;
    const end = Math.min(j + width, n);
    for (let k = Math.max(j, filled); k < end; k++) out[k] = Number.NaN;
    if (end > filled) filled = end;
  }
}

/**
 * Index of the highest value in each trailing window of `width` bars (`out[i]` = index in
 * `[i - width + 1, i]`), ties resolved to the most recent bar, as TA-Lib's MAX/AROON scans.
 * Bars before `start + width - 1`, and bars whose window holds a NaN, are NaN.
 * Returns the index of the first defined output.
 */
export function rollingMaxIndexInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  return extremeIndexInto(src, width, out, start, true);
}

/**
 * Highest value of each trailing window of `width` bars (NaN while a NaN is in the window): the latest
 * of equal highest values (as TA-Lib's MAX, which matters for −0 and +0). Bars before
 * `start + width - 1` are NaN. Returns the index of the first defined output.
 */
export function rollingMaxInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  if (!wholeWindow(width, start)) return rollingMaxTracked(src, width, out, start);
  return rollingExtremeInto(src, width, out, start, 1);
}

/** Lowest value of each trailing window of `width` bars (NaN while a NaN is in the window); see `rollingMaxInto`. */
export function rollingMinInto(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  if (!wholeWindow(width, start)) return rollingMinTracked(src, width, out, start);
  return rollingExtremeInto(src, width, out, start, -1);
}

function wholeWindow(width: number, start: number): boolean {
  return Number.isInteger(width) && width >= 1 && Number.isInteger(start) && start >= 0;
}

/**
 * Rolling highest (`sign` 1) or lowest (`sign` −1, as −max(−x): negation is exact and `−v >= −p` is
 * `v <= p`) value by van Herk / Gil-Werman blocks of `width` bars from `start`: a window is a suffix
 * of the previous block followed by a prefix of the current one. Each bar enters one running prefix
 * extreme (forward, `>=`: the later bar wins ties) and one suffix extreme of its block (backward, `>`:
 * the later bar keeps ties), computed for the next block in the same loop; the window takes the prefix
 * on ties — the latest extreme, as TA-Lib's track-and-rescan. The running extremes go through
 * `selectInto` (no branch: new extremes come in no predictable pattern); prefix against suffix flips at
 * most once per block, a plain test. NaN never wins; the loop only notes one (or ∞ − ∞ in a sum) and
 * the windows holding a NaN are overwritten afterwards.
 */
function rollingExtremeInto(
  src: Float64Array,
  width: number,
  out: Float64Array,
  start: number,
  sign: number,
): number {
  const n = src.length;
  const first = start + width - 1;
  if (first >= n) {
    fillNaN(out, 0, n);
    return n;
  }
  // buf[0, 4): select slots; then two suffix tables of width + 1 (entry k: bars k.. of a block, entry
  // `width` a sentinel that never wins): the previous block's and the one filled for the next block.
  const m = width + 1;
  const buf = new Float64Array(4 + 2 * m).fill(Number.NEGATIVE_INFINITY, 4);
  const blocks = Math.floor((n - start) / width);
  let sawNaN = extremeBlocks(src, width, start, blocks, buf, out, sign);
  const cur = blocks % 2 === 0 ? 4 : 4 + m; // the last full block's suffixes (the tables alternate)
  if (extremeLastBlock(src, start + blocks * width, buf, cur, out, sign)) sawNaN = true;
  fillNaN(out, 0, first); // the first block also wrote the warm-up bars
  if (sawNaN) maskNaNWindows(src, width, out, start);
  return first;
}

/** `rollingExtremeInto`'s full blocks, two bars per iteration; returns whether a NaN (or ∞ − ∞) was seen. */
function extremeBlocks(
  src: Float64Array,
  width: number,
  start: number,
  blocks: number,
  buf: Float64Array,
  out: Float64Array,
  sign: number,
): boolean {
  const m = width + 1;
  let cur = 4;
  let nxt = 4 + m;
  let sawNaN = false;
  for (let q = 0; q < blocks; q++) {
    const b = start + q * width;
    let p = Number.NEGATIVE_INFINITY; // extreme of the block's bars so far
    let s = Number.NEGATIVE_INFINITY; // extreme of the block's bars r..
    let k = 0;
    for (; k + 1 < width; k += 2) {
      const i = b + k;
      const r = width - 1 - k;
      const v0 = sign * src[i]!;
      const v1 = sign * src[i + 1]!;
      if (Number.isNaN(v0 + v1)) sawNaN = true; // also on ∞ − ∞: the mask pass is exact
      const u0 = sign * src[b + r]!;
      const u1 = sign * src[b + r - 1]!;
      s = selectInto(buf, 2, s, u0, u0 > s);
      buf[nxt + r] = s;
      s = selectInto(buf, 2, s, u1, u1 > s);
      buf[nxt + r - 1] = s;
      p = selectInto(buf, 0, p, v0, v0 >= p);
      const s0 = buf[cur + k + 1]!;
      out[i] = sign * (p >= s0 ? p : s0);
      p = selectInto(buf, 0, p, v1, v1 >= p);
      const s1 = buf[cur + k + 2]!;
      out[i + 1] = sign * (p >= s1 ? p : s1);
    }
    if (k < width) {
      // Odd width: the block's last bar forward, its first bar backward.
      const i = b + k;
      const v = sign * src[i]!;
      if (Number.isNaN(v)) sawNaN = true;
      const u = sign * src[b]!;
      buf[nxt] = selectInto(buf, 2, s, u, u > s);
      p = selectInto(buf, 0, p, v, v >= p);
      const s0 = buf[cur + k + 1]!;
      out[i] = sign * (p >= s0 ? p : s0);
    }
    const done = cur;
    cur = nxt;
    nxt = done;
  }
  return sawNaN;
}

/** `rollingExtremeInto`'s bars from `b` on (fewer than a block): prefixes against `buf[cur..]`. */
function extremeLastBlock(
  src: Float64Array,
  b: number,
  buf: Float64Array,
  cur: number,
  out: Float64Array,
  sign: number,
): boolean {
  let sawNaN = false;
  let p = Number.NEGATIVE_INFINITY;
  for (let i = b; i < src.length; i++) {
    const v = sign * src[i]!;
    if (Number.isNaN(v)) sawNaN = true;
    if (v >= p) p = v;
    const s = buf[cur + i - b + 1]!;
    out[i] = sign * (p >= s ? p : s);
  }
  return sawNaN;
}

/**
 * The previous `rollingMaxInto` (TA-Lib's track-and-rescan, four bars per iteration), for a width or
 * start that is not a whole number (width ≥ 1, start ≥ 0): such a call keeps returning what it did.
 */
function rollingMaxTracked(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + width - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let bestIdx = -1;
  let best = Number.NEGATIVE_INFINITY;
  let sawNaN = hasNaN(src, start, first);
  let i = first;
  for (; i + 3 < n; i += 4) {
    const v0 = src[i]!;
    const v1 = src[i + 1]!;
    const v2 = src[i + 2]!;
    const v3 = src[i + 3]!;
    if (Number.isNaN(v0 + v1 + v2 + v3)) sawNaN = true; // also on ∞ − ∞: the mask pass is exact
    if (bestIdx <= i - width) {
      bestIdx = latestMaxIndex(src, i + 1 - width, i);
      best = src[bestIdx]!;
    } else if (v0 >= best) {
      best = v0;
      bestIdx = i;
    }
    out[i] = best;
    if (bestIdx <= i + 1 - width) {
      bestIdx = latestMaxIndex(src, i + 2 - width, i + 1);
      best = src[bestIdx]!;
    } else if (v1 >= best) {
      best = v1;
      bestIdx = i + 1;
    }
    out[i + 1] = best;
    if (bestIdx <= i + 2 - width) {
      bestIdx = latestMaxIndex(src, i + 3 - width, i + 2);
      best = src[bestIdx]!;
    } else if (v2 >= best) {
      best = v2;
      bestIdx = i + 2;
    }
    out[i + 2] = best;
    if (bestIdx <= i + 3 - width) {
      bestIdx = latestMaxIndex(src, i + 4 - width, i + 3);
      best = src[bestIdx]!;
    } else if (v3 >= best) {
      best = v3;
      bestIdx = i + 3;
    }
    out[i + 3] = best;
  }
  for (; i < n; i++) {
    const v = src[i]!;
    if (Number.isNaN(v)) sawNaN = true;
    if (bestIdx <= i - width) {
      bestIdx = latestMaxIndex(src, i - width + 1, i);
      best = src[bestIdx]!;
    } else if (v >= best) {
      best = v;
      bestIdx = i;
    }
    out[i] = best;
  }
  if (sawNaN) maskNaNWindows(src, width, out, start);
  return first;
}

/** Like `rollingMaxTracked` for the lowest value. */
function rollingMinTracked(src: Float64Array, width: number, out: Float64Array, start = 0): number {
  const n = src.length;
  const first = start + width - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let bestIdx = -1;
  let best = Number.POSITIVE_INFINITY;
  let sawNaN = hasNaN(src, start, first);
  let i = first;
  for (; i + 3 < n; i += 4) {
    const v0 = src[i]!;
    const v1 = src[i + 1]!;
    const v2 = src[i + 2]!;
    const v3 = src[i + 3]!;
    if (Number.isNaN(v0 + v1 + v2 + v3)) sawNaN = true; // also on ∞ − ∞: the mask pass is exact
    if (bestIdx <= i - width) {
      bestIdx = latestMinIndex(src, i + 1 - width, i);
      best = src[bestIdx]!;
    } else if (v0 <= best) {
      best = v0;
      bestIdx = i;
    }
    out[i] = best;
    if (bestIdx <= i + 1 - width) {
      bestIdx = latestMinIndex(src, i + 2 - width, i + 1);
      best = src[bestIdx]!;
    } else if (v1 <= best) {
      best = v1;
      bestIdx = i + 1;
    }
    out[i + 1] = best;
    if (bestIdx <= i + 2 - width) {
      bestIdx = latestMinIndex(src, i + 3 - width, i + 2);
      best = src[bestIdx]!;
    } else if (v2 <= best) {
      best = v2;
      bestIdx = i + 2;
    }
    out[i + 2] = best;
    if (bestIdx <= i + 3 - width) {
      bestIdx = latestMinIndex(src, i + 4 - width, i + 3);
      best = src[bestIdx]!;
    } else if (v3 <= best) {
      best = v3;
      bestIdx = i + 3;
    }
    out[i + 3] = best;
  }
  for (; i < n; i++) {
    const v = src[i]!;
    if (Number.isNaN(v)) sawNaN = true;
    if (bestIdx <= i - width) {
      bestIdx = latestMinIndex(src, i - width + 1, i);
      best = src[bestIdx]!;
    } else if (v <= best) {
      best = v;
      bestIdx = i;
    }
    out[i] = best;
  }
  if (sawNaN) maskNaNWindows(src, width, out, start);
  return first;
}

function extremeIndexInto(
  src: Float64Array,
  width: number,
  out: Float64Array,
  start: number,
  max: boolean,
): number {
  const n = src.length;
  const first = start + width - 1;
  fillNaN(out, 0, Math.min(first, n));
  if (first >= n) return n;
  let bestIdx = -1;
  let best = 0;
  let sawNaN = hasNaN(src, start, first);
  for (let i = first; i < n; i++) {
    const v = src[i]!;
    if (Number.isNaN(v)) sawNaN = true;
    if (bestIdx <= i - width) {
      bestIdx = max ? latestMaxIndex(src, i - width + 1, i) : latestMinIndex(src, i - width + 1, i);
      best = src[bestIdx]!;
    } else if (max ? v >= best : v <= best) {
      best = v;
      bestIdx = i;
    }
    out[i] = bestIdx;
  }
  if (sawNaN) maskNaNWindows(src, width, out, start);
  return first;
}
