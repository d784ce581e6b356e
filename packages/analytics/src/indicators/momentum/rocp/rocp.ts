import { changeLookback, priceChange } from '../roc/change.js';

/** Leading NaN bars of `rocp` (TA-Lib: period). */
export const rocpLookback = changeLookback;

/** Rate of Change Percentage: (x − x[t−period]) / x[t−period] (0 where a ratio's base is 0, as TA-Lib). Leading NaNs are skipped. */
export function rocp(values: Float64Array, period = 10): Float64Array {
  return priceChange(values, period, 'rocp');
}
