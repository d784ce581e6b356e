import { nanArray } from '../../core/index.js';
import { directionalSums, rawDx } from '../directional/directional.js';

/**
 * Directional movement index 100·|+DI − −DI|/(+DI + −DI) (TA-Lib `TA_DX`); where undefined it repeats
 * the previous value (0 at the first bar). Lookback period.
 */
export function dx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const out = nanArray(close.length);
  rawDx(directionalSums(high, low, close, period), period, out);
  let prev = 0;
  for (let i = period; i < out.length; i++) {
    if (out[i] === -1) out[i] = prev;
    else prev = out[i]!;
  }
  return out;
}
