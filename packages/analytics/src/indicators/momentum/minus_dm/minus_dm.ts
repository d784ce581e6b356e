import { directionalSums } from '../directional/directional.js';

/** Wilder-smoothed minus directional movement (TA-Lib `TA_MINUS_DM`). Lookback period − 1. */
export function minusDm(high: Float64Array, low: Float64Array, period = 14): Float64Array {
  return directionalSums(high, low, high, period).minusDM;
}
