import { linearRegression } from '../linearreg/linear-regression.js';

/** Time series forecast (TA-Lib `TSF`): fitted value projected one bar ahead. Lookback period - 1. */
export function tsf(x: Float64Array, period = 14): Float64Array {
  return linearRegression(x, period, 'forecast');
}
