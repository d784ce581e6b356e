import { directionalSums } from '../directional/directional.js';

/** Leading NaN bars of `plus_dm` / `minus_dm` (TA-Lib: period − 1). */
export function dmLookback(period: number): number {
  return period - 1;
}

/** Wilder-smoothed plus directional movement (TA-Lib `TA_PLUS_DM`). */
export function plusDm(high: Float64Array, low: Float64Array, period = 14): Float64Array {
  return directionalSums(high, low, high, period).plusDM;
}
