import { aroon } from '../aroon/aroon.js';

/** Leading NaN bars of `aroonosc` (TA-Lib: period). */
export function aroonoscLookback(period: number): number {
  return period;
}

/** Aroon oscillator: Aroon up − Aroon down (TA-Lib `TA_AROONOSC`). */
export function aroonosc(high: Float64Array, low: Float64Array, period = 14): Float64Array {
  const { aroonup, aroondown } = aroon(high, low, period);
  for (let i = 0; i < aroonup.length; i++) aroonup[i] = aroonup[i]! - aroondown[i]!;
  return aroonup;
}
