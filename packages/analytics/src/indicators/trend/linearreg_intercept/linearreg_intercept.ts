import { linearRegression } from '../linearreg/linear-regression.js';

/** Linear regression intercept (TA-Lib `LINEARREG_INTERCEPT`): fitted value at the oldest bar of the window. Lookback period - 1. */
export function linearregIntercept(x: Float64Array, period = 14): Float64Array {
  return linearRegression(x, period, 'intercept');
}
