import { trueRangeInto } from '../../core/index.js';
import { requireSameLength } from '../../math/guards.js';

/** Lookback of `trange`: 1 (bar 0 has no previous close). */
export function trangeLookback(): number {
  return 1;
}

/** True range (TA-Lib `TRANGE`): max(high, previous close) − min(low, previous close). */
export function trange(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  // trueRangeInto writes every bar (NaN at bar 0), so the buffer needs no NaN pre-fill.
  const out = new Float64Array(requireSameLength(high, low, close));
  trueRangeInto(high, low, close, out);
  return out;
}
