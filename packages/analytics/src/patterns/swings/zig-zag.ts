import type { Swing } from './types.js';

/**
 * Causal zig-zag over bar highs and lows with an ATR-scaled reversal threshold.
 *
 * A candidate extreme (the highest high since the last swing low, or the lowest low since the last swing
 * high) becomes a confirmed swing once price has moved `thresholdAtr * atr[t]` away from it on a later bar
 * t; `knownAt` records that bar. The reversal is measured only on bars after the extreme's bar (the order of
 * high and low inside one bar is unknown). Bars where `atr` is NaN (warm-up) are skipped. The first swing is
 * whichever of the running high or running low is first confirmed (see `highFirst` if both are at once).
 *
 * Processing is strictly sequential, so the swings returned for `high[0..t]` are exactly the swings of the
 * full series with `knownAt <= t`.
 */
export function zigZag(
  high: Float64Array,
  low: Float64Array,
  atr: Float64Array,
  thresholdAtr: number,
): Swing[] {
  const n = high.length;
  const swings: Swing[] = [];
  // mode 1: last swing was a low, tracking a candidate high `ext` and the lowest low after it `ctr`.
  // mode -1: last swing was a high, tracking a candidate low `ext` and the highest high after it `ctr`.
  let mode: -1 | 0 | 1 = 0;
  let ext = Number.NaN;
  let extIdx = -1;
  let ctr = Number.NaN;
  let ctrIdx = -1;
  // Initial phase: running extremes and the opposite extreme after each.
  let hi = Number.NEGATIVE_INFINITY;
  let hiIdx = -1;
  let lowAfterHi = Number.POSITIVE_INFINITY;
  let lowAfterHiIdx = -1;
  let lo = Number.POSITIVE_INFINITY;
  let loIdx = -1;
  let highAfterLo = Number.NEGATIVE_INFINITY;
  let highAfterLoIdx = -1;

  for (let t = 0; t < n; t++) {
    const a = atr[t]!;
    if (Number.isNaN(a)) continue;
    const thr = thresholdAtr * a;
    const h = high[t]!;
    const l = low[t]!;
    if (mode === 0) {
      if (h > hi) {
        hi = h;
        hiIdx = t;
        lowAfterHi = Number.POSITIVE_INFINITY;
        lowAfterHiIdx = -1;
      } else if (l < lowAfterHi) {
        lowAfterHi = l;
        lowAfterHiIdx = t;
      }
      if (l < lo) {
        lo = l;
        loIdx = t;
        highAfterLo = Number.NEGATIVE_INFINITY;
        highAfterLoIdx = -1;
      } else if (h > highAfterLo) {
        highAfterLo = h;
        highAfterLoIdx = t;
      }
      const down = lowAfterHiIdx >= 0 && hi - lowAfterHi >= thr && hi - lowAfterHi > 0;
      const up = highAfterLoIdx >= 0 && highAfterLo - lo >= thr && highAfterLo - lo > 0;
      if (
        down &&
        (!up || highFirst(hiIdx, loIdx, lowAfterHiIdx, highAfterLoIdx, hi - lowAfterHi, highAfterLo - lo))
      ) {
        mode = 1;
        ext = hi;
        extIdx = hiIdx;
        ctr = lowAfterHi;
        ctrIdx = lowAfterHiIdx;
      } else if (up) {
        mode = -1;
        ext = lo;
        extIdx = loIdx;
        ctr = highAfterLo;
        ctrIdx = highAfterLoIdx;
      } else {
        continue;
      }
    } else if (mode === 1) {
      if (h > ext) {
        ext = h;
        extIdx = t;
        ctr = Number.POSITIVE_INFINITY;
        ctrIdx = -1;
      } else if (l < ctr) {
        ctr = l;
        ctrIdx = t;
      }
    } else if (l < ext) {
      ext = l;
      extIdx = t;
      ctr = Number.NEGATIVE_INFINITY;
      ctrIdx = -1;
    } else if (h > ctr) {
      ctr = h;
      ctrIdx = t;
    }
    // Confirm the candidate while the reversal from it reaches the threshold; each confirmation makes the
    // counter-extreme the new candidate and rescans the bars after it (a cascade is rare but possible when
    // ATR shrinks).
    while (ctrIdx >= 0) {
      const move = mode === 1 ? ext - ctr : ctr - ext;
      if (!(move >= thr && move > 0)) break;
      swings.push({ kind: mode === 1 ? 'high' : 'low', index: extIdx, price: ext, knownAt: t });
      mode = mode === 1 ? -1 : 1;
      ext = ctr;
      extIdx = ctrIdx;
      ctrIdx = -1;
      ctr = mode === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
      for (let j = extIdx + 1; j <= t; j++) {
        if (mode === 1 ? low[j]! < ctr : high[j]! > ctr) {
          ctr = mode === 1 ? low[j]! : high[j]!;
          ctrIdx = j;
        }
      }
    }
  }
  return swings;
}

/**
 * When the running high and the running low are both confirmed on the same bar, the earlier extreme is the
 * first swing; if both extremes are on one bar, the earlier reversal; then the larger one; then the low.
 * (Symmetric under price reflection except for the final exact tie.)
 */
function highFirst(
  hiIdx: number,
  loIdx: number,
  downIdx: number,
  upIdx: number,
  down: number,
  up: number,
): boolean {
  if (hiIdx !== loIdx) return hiIdx < loIdx;
  if (downIdx !== upIdx) return downIdx < upIdx;
  return down > up;
}
