import { rollingMaxInto, rollingMinInto } from '../../core/index.js';
import { requireInt } from '../guards.js';

/** Lookback of `minmax`: period - 1. */
export function minmaxLookback(period: number): number {
  return period - 1;
}

/** Lowest and highest values over the trailing `period` bars (TA-Lib `MINMAX`; core rolling extrema). */
export function minmax(x: Float64Array, period = 30): { min: Float64Array; max: Float64Array } {
  requireInt('period', period, 2, 100000);
  const min = new Float64Array(x.length); // the kernels write the NaN warm-up
  const max = new Float64Array(x.length);
  rollingMinInto(x, period, min);
  rollingMaxInto(x, period, max);
  return { min, max };
}
