import { changeLookback, priceChange } from './change.js';

/** Leading NaN bars of `roc` (TA-Lib: period). */
export const rocLookback = changeLookback;

/** Rate of Change: ((x / x[t−period]) − 1)·100 (0 where a ratio's base is 0, as TA-Lib). Leading NaNs are skipped. */
export function roc(values: Float64Array, period = 10): Float64Array {
  return priceChange(values, period, 'roc');
}
