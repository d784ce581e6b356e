import { fillNaN } from '../../core/index.js';
import { earliestMaxIndex, earliestMinIndex, hasNaN, maskNaNWindows } from '../../core/rolling-extrema.js';
import { requireInt } from '../guards.js';

/** Lookback of `minmaxindex`: period - 1. */
export function minmaxindexLookback(period: number): number {
  return period - 1;
}

/**
 * Indices (into the input) of the lowest and highest values over the trailing `period` bars (TA-Lib `MINMAXINDEX`, port of ta_MINMAXINDEX.c, same tie rules as
 * MIN/MAX). One pass for both; windows holding a NaN are overwritten after the loop, which only notes
 * one (the tracked extremes never depend on it).
 */
export function minmaxindex(x: Float64Array, period = 30): { minidx: Float64Array; maxidx: Float64Array } {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const outMin = new Float64Array(n);
  const outMax = new Float64Array(n);
  const first = period - 1;
  fillNaN(outMin, 0, Math.min(first, n));
  fillNaN(outMax, 0, Math.min(first, n));
  const sawNaN = trackExtremeIndices(x, period, outMin, outMax);
  if (sawNaN) {
    maskNaNWindows(x, period, outMin);
    maskNaNWindows(x, period, outMax);
  }
  return { minidx: outMin, maxidx: outMax };
}

/**
 * TA-Lib's MINMAXINDEX scan from bar period − 1 on: each extreme's index is kept and the window
 * rescanned (earliest on ties) only when it drops out; a new bar takes over on ties. Returns whether
 * a NaN was seen (the loop only notes it; NaN never wins a comparison).
 *
 * A new extreme (about one bar in ten on a random walk, in no predictable pattern) is taken without a
 * branch: `idx ^= (idx ^ today) & −Number(test)` is `today` when the test holds and `idx` otherwise,
 * and the extreme is reloaded from `x[idx]` — the same index and value as TA-Lib's assignment. Two
 * bars per iteration (V8 re-checks the typed arrays on every iteration), each exactly as in the
 * one-bar loop after it. The loop is in its own function: code after a loop is compiled with the
 * loop (on-stack replacement) before it ever ran, and without type feedback it deoptimised every call.
 */
function trackExtremeIndices(
  x: Float64Array,
  period: number,
  outMin: Float64Array,
  outMax: Float64Array,
): boolean {
  const n = x.length;
  const first = period - 1;
  let hiIdx = -1;
  let loIdx = -1;
  let hi = 0;
  let lo = 0;
  let sawNaN = hasNaN(x, 0, Math.min(first, n));
  let today = first;
  for (; today + 1 < n; today += 2) {
    const v0 = x[today]!;
    const v1 = x[today + 1]!;
    if (Number.isNaN(v0 + v1)) sawNaN = true; // also on ∞ − ∞: the mask pass is exact
    const trailing = today - first;
    if (hiIdx < trailing) hiIdx = earliestMaxIndex(x, trailing, today);
    else hiIdx ^= (hiIdx ^ today) & -Number(v0 >= hi);
    hi = x[hiIdx]!;
    if (loIdx < trailing) loIdx = earliestMinIndex(x, trailing, today);
    else loIdx ^= (loIdx ^ today) & -Number(v0 <= lo);
    lo = x[loIdx]!;
    outMin[today] = loIdx;
    outMax[today] = hiIdx;
    const next = today + 1;
    if (hiIdx <= trailing) hiIdx = earliestMaxIndex(x, trailing + 1, next);
    else hiIdx ^= (hiIdx ^ next) & -Number(v1 >= hi);
    hi = x[hiIdx]!;
    if (loIdx <= trailing) loIdx = earliestMinIndex(x, trailing + 1, next);
    else loIdx ^= (loIdx ^ next) & -Number(v1 <= lo);
    lo = x[loIdx]!;
    outMin[next] = loIdx;
    outMax[next] = hiIdx;
  }
  for (; today < n; today++) {
    const v = x[today]!;
    if (Number.isNaN(v)) sawNaN = true;
    const trailing = today - first;
    if (hiIdx < trailing) hiIdx = earliestMaxIndex(x, trailing, today);
    else hiIdx ^= (hiIdx ^ today) & -Number(v >= hi);
    hi = x[hiIdx]!;
    if (loIdx < trailing) loIdx = earliestMinIndex(x, trailing, today);
    else loIdx ^= (loIdx ^ today) & -Number(v <= lo);
    lo = x[loIdx]!;
    outMin[today] = loIdx;
    outMax[today] = hiIdx;
  }
  return sawNaN;
}
