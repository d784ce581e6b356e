import { nanArray } from '../../core/index.js';
import { requireInt } from '../guards.js';

/** Lookback of `minmaxindex`: period - 1. */
export function minmaxindexLookback(period: number): number {
  return period - 1;
}

/**
 * Indices (into the input) of the lowest and highest values over the trailing `period` bars (TA-Lib `MINMAXINDEX`, port of ta_MINMAXINDEX.c, same tie rules as
 * MIN/MAX).
 */
export function minmaxindex(x: Float64Array, period = 30): { minidx: Float64Array; maxidx: Float64Array } {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const outMin = nanArray(n);
  const outMax = nanArray(n);
  let hiIdx = -1;
  let lastNaN = -1;
  for (let i = 0; i < period - 1 && i < n; i++) if (Number.isNaN(x[i])) lastNaN = i;
  let hi = 0;
  let loIdx = -1;
  let lo = 0;
  for (let today = period - 1, trailing = 0; today < n; today++, trailing++) {
    const v = x[today];
    if (Number.isNaN(v)) lastNaN = today;
    if (hiIdx < trailing) {
      hiIdx = trailing;
      hi = x[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (x[i] > hi) {
          hiIdx = i;
          hi = x[i];
        }
      }
    } else if (v >= hi) {
      hiIdx = today;
      hi = v;
    }
    if (loIdx < trailing) {
      loIdx = trailing;
      lo = x[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (x[i] < lo) {
          loIdx = i;
          lo = x[i];
        }
      }
    } else if (v <= lo) {
      loIdx = today;
      lo = v;
    }
    const clean = lastNaN < trailing;
    outMin[today] = clean ? loIdx : Number.NaN;
    outMax[today] = clean ? hiIdx : Number.NaN;
  }
  return { minidx: outMin, maxidx: outMax };
}
