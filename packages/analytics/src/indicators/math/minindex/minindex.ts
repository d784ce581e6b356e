import { fillNaN } from '../../core/index.js';
import { earliestMinIndex, hasNaN, maskNaNWindows } from '../../core/rolling-extrema.js';
import { requireInt } from '../guards.js';

/** Lookback of `minindex`: period - 1. */
export function minindexLookback(period: number): number {
  return period - 1;
}

/**
 * Index (into the input) of the lowest value (TA-Lib `MININDEX`, port of ta_MININDEX.c): over the trailing `period` bars. Ties resolve as in
 * TA-Lib (a new bar equal to the current extreme replaces it; a rescan keeps the earliest). NaN while
 * a NaN is in the window (windows holding a NaN are overwritten after the loop, which only notes one:
 * the tracked extreme never depends on it).
 */
export function minindex(x: Float64Array, period = 30): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const out = new Float64Array(n);
  const first = period - 1;
  fillNaN(out, 0, Math.min(first, n));
  let extIdx = -1;
  let ext = 0;
  let sawNaN = hasNaN(x, 0, Math.min(first, n));
  for (let today = first; today < n; today++) {
    const trailing = today - first;
    const v = x[today]!;
    if (Number.isNaN(v)) sawNaN = true;
    if (extIdx < trailing) {
      extIdx = earliestMinIndex(x, trailing, today);
      ext = x[extIdx]!;
    } else if (v <= ext) {
      extIdx = today;
      ext = v;
    }
    out[today] = extIdx;
  }
  if (sawNaN) maskNaNWindows(x, period, out);
  return out;
}
