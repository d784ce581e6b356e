import { nanArray } from '../../core/index.js';
import { requireInt } from '../guards.js';

/** Lookback of `maxindex`: period - 1. */
export function maxindexLookback(period: number): number {
  return period - 1;
}

/**
 * Index (into the input) of the highest value (TA-Lib `MAXINDEX`, port of ta_MAXINDEX.c): over the trailing `period` bars. Ties resolve as in
 * TA-Lib (a new bar equal to the current extreme replaces it; a rescan keeps the earliest). NaN while
 * a NaN is in the window.
 */
export function maxindex(x: Float64Array, period = 30): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const out = nanArray(n);
  let extIdx = -1;
  let lastNaN = -1;
  for (let i = 0; i < period - 1 && i < n; i++) if (Number.isNaN(x[i])) lastNaN = i;
  let ext = 0;
  for (let today = period - 1, trailing = 0; today < n; today++, trailing++) {
    const v = x[today];
    if (Number.isNaN(v)) lastNaN = today;
    if (extIdx < trailing) {
      extIdx = trailing;
      ext = x[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (x[i] > ext) {
          extIdx = i;
          ext = x[i];
        }
      }
    } else if (v >= ext) {
      extIdx = today;
      ext = v;
    }
    out[today] = lastNaN >= trailing ? Number.NaN : extIdx;
  }
  return out;
}
