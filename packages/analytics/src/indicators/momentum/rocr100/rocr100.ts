import { changeLookback, priceChange } from '../roc/change.js';

/** Leading NaN bars of `rocr100` (TA-Lib: period). */
export const rocr100Lookback = changeLookback;

/** Rate of Change Ratio × 100: (x / x[t−period])·100 (0 where a ratio's base is 0, as TA-Lib). Leading NaNs are skipped. */
export function rocr100(values: Float64Array, period = 10): Float64Array {
  return priceChange(values, period, 'rocr100');
}
