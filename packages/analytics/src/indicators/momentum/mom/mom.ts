import { changeLookback, priceChange } from '../roc/change.js';

/** Leading NaN bars of `mom` (TA-Lib: period). */
export const momLookback = changeLookback;

/** Momentum: x − x[t−period] (0 where a ratio's base is 0, as TA-Lib). Leading NaNs are skipped. */
export function mom(values: Float64Array, period = 10): Float64Array {
  return priceChange(values, period, 'mom');
}
