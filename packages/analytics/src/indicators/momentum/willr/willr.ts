import { rangePositionInto } from '../../core/fast-k.js';

/** Leading NaN bars of `willr`. */
export function willrLookback(period: number): number {
  return period - 1;
}

/** Williams %R: −100·(highest high − close)/(highest high − lowest low), 0 when the range is 0 (TA-Lib). */
export function willr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const out = new Float64Array(close.length); // the kernel writes the NaN warm-up
  rangePositionInto(high, low, close, period, out, 0, true);
  return out;
}
