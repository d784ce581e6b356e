import { requireInt, requireReal } from '../../math/guards.js';
import { variance } from '../var/var.js';

/** Lookback of `stddev`: period - 1. */
export function stddevLookback(period: number): number {
  return period - 1;
}

const EPSILON = 1e-14;

/**
 * Rolling population standard deviation times `nbDev` (TA-Lib `STDDEV`): sqrt of `var`, with
 * variances below TA-Lib's epsilon (1e-14, rounding noise of the running sums) reported as 0.
 */
export function stddev(x: Float64Array, period = 5, nbDev = 1): Float64Array {
  requireInt('period', period, 2, 100000);
  requireReal('nbDev', nbDev, -3e37, 3e37);
  const out = variance(x, period);
  for (let i = period - 1; i < out.length; i++) {
    const v = out[i];
    out[i] = v < EPSILON ? 0 : Math.sqrt(v) * nbDev;
  }
  return out;
}
