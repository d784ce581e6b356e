import { rollingMinInto } from '../../core/index.js';
import { requireInt } from '../guards.js';

/** Lookback of `min`: period - 1. */
export function minLookback(period: number): number {
  return period - 1;
}

/** Lowest value over the trailing `period` bars (TA-Lib `MIN`; core `rollingMinInto`). */
export function min(x: Float64Array, period = 30): Float64Array {
  requireInt('period', period, 2, 100000);
  const out = new Float64Array(x.length); // the kernel writes the NaN warm-up
  rollingMinInto(x, period, out);
  return out;
}
