import { emaInto } from './ema.js';

/**
 * Wilder smoothing (SMMA / RMA): an EMA with `alpha = 1 / period`, seeded with the SMA of the first
 * `period` values from `start`. Returns the index of the first defined output.
 */
export function wilderInto(src: Float64Array, period: number, out: Float64Array, start = 0): number {
  return emaInto(src, period, out, start, 1 / period);
}
