import { rollingSumInto } from '../../core/index.js';
import { requireInt } from '../guards.js';

/** Lookback of `sum`: period - 1. */
export function sumLookback(period: number): number {
  return period - 1;
}

/** Rolling sum over the trailing `period` bars (TA-Lib `SUM`; core `rollingSumInto`, running total). */
export function sum(x: Float64Array, period = 30): Float64Array {
  requireInt('period', period, 2, 100000);
  const out = new Float64Array(x.length); // the kernel writes the NaN warm-up
  rollingSumInto(x, period, out);
  return out;
}
