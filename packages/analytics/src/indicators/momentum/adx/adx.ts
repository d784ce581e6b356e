import { nanArray } from '../../core/index.js';
import { adxFromRawDx, directionalSums, rawDx } from '../directional/directional.js';

/** Leading NaN bars of `adx` (TA-Lib: 2·period − 1). */
export function adxLookback(period: number): number {
  return 2 * period - 1;
}

/** Average directional index (Wilder), TA-Lib `TA_ADX`. */
export function adx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = close.length;
  const d = nanArray(n);
  rawDx(directionalSums(high, low, close, period), period, d);
  const out = nanArray(n);
  adxFromRawDx(d, period, out);
  return out;
}
