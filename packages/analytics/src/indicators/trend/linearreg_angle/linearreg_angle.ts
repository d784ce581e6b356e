import { linearRegression } from '../linearreg/linear-regression.js';

/** Linear regression angle (TA-Lib `LINEARREG_ANGLE`): atan(slope) in degrees. Lookback period - 1. */
export function linearregAngle(x: Float64Array, period = 14): Float64Array {
  return linearRegression(x, period, 'angle');
}
