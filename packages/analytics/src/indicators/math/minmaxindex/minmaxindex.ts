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
  let hiIdx = -1;
  let hi = 0;
  let loIdx = -1;
  let lo = 0;
  let sawNaN = hasNaN(x, 0, Math.min(first, n));
  for (let today = first; today < n; today++) {
    const trailing = today - first;
    const v = x[today]!;
    if (Number.isNaN(v)) sawNaN = true;
    if (hiIdx < trailing) {
      hiIdx = earliestMaxIndex(x, trailing, today);
      hi = x[hiIdx]!;
    } else if (v >= hi) {
      hiIdx = today;
      hi = v;
    }
    if (loIdx < trailing) {
      loIdx = earliestMinIndex(x, trailing, today);
      lo = x[loIdx]!;
    } else if (v <= lo) {
      loIdx = today;
      lo = v;
    }
    outMin[today] = loIdx;
    outMax[today] = hiIdx;
  }
  if (sawNaN) {
    maskNaNWindows(x, period, outMin);
    maskNaNWindows(x, period, outMax);
  }
  return { minidx: outMin, maxidx: outMax };
}
