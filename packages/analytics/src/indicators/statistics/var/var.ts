import { rollingVarianceInto } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `var`: period - 1. */
export function varLookback(period: number): number {
  return period - 1;
}

/**
 * Rolling population variance (TA-Lib `VAR`): mean of squares minus squared mean over the trailing
 * `period` bars, running sums (core `rollingVarianceInto`). TA-Lib ignores its nbdev argument here,
 * so there is none.
 */
export function variance(x: Float64Array, period = 5): Float64Array {
  requireInt('period', period, 1, 100000);
  const out = new Float64Array(x.length); // the kernel writes the NaN warm-up
  rollingVarianceInto(x, period, out);
  return out;
}
