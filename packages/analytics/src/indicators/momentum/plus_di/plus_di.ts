import { nanArray } from '../../core/index.js';
import { directionalIndex, directionalSums } from '../directional/directional.js';

/** Leading NaN bars of `plus_di` / `minus_di` / `dx` (TA-Lib: period). */
export function diLookback(period: number): number {
  return period;
}

/** Plus directional indicator 100·(+DM/TR), both Wilder-smoothed (TA-Lib `TA_PLUS_DI`). */
export function plusDi(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 14,
): Float64Array {
  const s = directionalSums(high, low, close, period);
  const out = nanArray(close.length);
  directionalIndex(s.plusDM, s.tr, period, out);
  return out;
}
