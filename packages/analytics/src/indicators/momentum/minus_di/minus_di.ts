import { nanArray } from '../../core/index.js';
import { directionalIndex, directionalSums } from '../directional/directional.js';

/** Minus directional indicator 100·(−DM/TR), both Wilder-smoothed (TA-Lib `TA_MINUS_DI`). Lookback period. */
export function minusDi(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 14,
): Float64Array {
  const s = directionalSums(high, low, close, period);
  const out = nanArray(close.length);
  directionalIndex(s.minusDM, s.tr, period, out);
  return out;
}
