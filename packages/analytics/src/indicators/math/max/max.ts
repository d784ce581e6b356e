import { rollingMaxInto } from '../../core/index.js';
import { requireInt } from '../guards.js';

/** Lookback of `max`: period - 1. */
export function maxLookback(period: number): number {
  return period - 1;
}

/** Highest value over the trailing `period` bars (TA-Lib `MAX`; core `rollingMaxInto`). */
export function max(x: Float64Array, period = 30): Float64Array {
  requireInt('period', period, 2, 100000);
  const out = new Float64Array(x.length); // the kernel writes the NaN warm-up
  rollingMaxInto(x, period, out);
  return out;
}
