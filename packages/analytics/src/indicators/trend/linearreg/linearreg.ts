import { linearRegression } from './linear-regression.js';

/** Linear regression (TA-Lib `LINEARREG`): fitted value at the current bar. Lookback period - 1. */
export function linearreg(x: Float64Array, period = 14): Float64Array {
  return linearRegression(x, period, 'value');
}
