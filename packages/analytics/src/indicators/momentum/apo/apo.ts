import type { MaType } from '../../overlap/ma/ma.js';
import { priceOscillator, priceOscillatorLookback } from './price-oscillator.js';

/** Leading NaN bars of `apo`. */
export const apoLookback = priceOscillatorLookback;

/** Absolute Price Oscillator: fast MA − slow MA (TA-Lib `TA_APO`; TA-Lib's default MA type is SMA). */
export function apo(
  values: Float64Array,
  fastPeriod = 12,
  slowPeriod = 26,
  type: MaType = 'sma',
): Float64Array {
  return priceOscillator(values, fastPeriod, slowPeriod, type, false);
}
