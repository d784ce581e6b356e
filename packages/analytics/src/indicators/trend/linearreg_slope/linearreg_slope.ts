import { linearRegression } from '../linearreg/linear-regression.js';

/** Linear regression slope (TA-Lib `LINEARREG_SLOPE`): price change per bar. Lookback period - 1. */
export function linearregSlope(x: Float64Array, period = 14): Float64Array {
  return linearRegression(x, period, 'slope');
}
