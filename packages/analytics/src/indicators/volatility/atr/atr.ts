import { trueRangeInto, wilderInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';

/** Lookback of `atr`: period (true range starts at bar 1, then `period` bars seed the average). */
export function atrLookback(period: number): number {
  return period;
}

/**
 * Average true range (TA-Lib `ATR`): Wilder smoothing (alpha 1/period) of the true range, seeded with
 * the simple mean of the first `period` true ranges (bars 1…period). Period 1 is the true range.
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  // Both kernels write every bar (NaN before their first value), so the buffers need no pre-fill.
  const tr = new Float64Array(n);
  trueRangeInto(high, low, close, tr);
  const out = new Float64Array(n);
  wilderInto(tr, period, out, 1);
  return out;
}
