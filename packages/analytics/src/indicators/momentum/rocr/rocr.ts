import { changeLookback, priceChange } from '../roc/change.js';

/** Leading NaN bars of `rocr` (TA-Lib: period). */
export const rocrLookback = changeLookback;

/** Rate of Change Ratio: x / x[t−period] (0 where a ratio's base is 0, as TA-Lib). Leading NaNs are skipped. */
export function rocr(values: Float64Array, period = 10): Float64Array {
  return priceChange(values, period, 'rocr');
}
