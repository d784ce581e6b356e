import { parabolicSar } from '../sarext/sarext.js';

/** Lookback of `sar`: 1. */
export function sarLookback(): number {
  return 1;
}

/**
 * Parabolic SAR (TA-Lib `SAR`, port of ta_SAR.c): one acceleration step and maximum for both sides,
 * initial direction from the second bar's -DM, values always positive. Lookback 1.
 */
export function sar(high: Float64Array, low: Float64Array, acceleration = 0.02, maximum = 0.2): Float64Array {
  return parabolicSar(
    high,
    low,
    {
      startValue: 0,
      offsetOnReverse: 0,
      accelerationInitLong: acceleration,
      accelerationLong: acceleration,
      accelerationMaxLong: maximum,
      accelerationInitShort: acceleration,
      accelerationShort: acceleration,
      accelerationMaxShort: maximum,
    },
    1,
  );
}
