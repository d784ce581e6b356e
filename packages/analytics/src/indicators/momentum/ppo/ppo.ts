import type { MaType } from '../../overlap/ma/ma.js';
import { priceOscillator, priceOscillatorLookback } from '../apo/price-oscillator.js';

/** Leading NaN bars of `ppo`. */
export const ppoLookback = priceOscillatorLookback;

/** Percentage Price Oscillator: 100·(fast MA − slow MA)/slow MA (TA-Lib `TA_PPO`; TA-Lib's default MA type is SMA). */
export function ppo(
  values: Float64Array,
  fastPeriod = 12,
  slowPeriod = 26,
  type: MaType = 'sma',
): Float64Array {
  return priceOscillator(values, fastPeriod, slowPeriod, type, true);
}
