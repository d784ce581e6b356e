import { nanArray, rollingSumInto } from '../../core/index.js';
import { requireInt, requireSameLength } from '../../math/guards.js';
import { moneyFlowVolume } from '../ad/money-flow.js';

/** Lookback of `cmf`: period − 1. */
export function cmfLookback(period: number): number {
  return period - 1;
}

/**
 * Chaikin money flow (Stock.Indicators `ToCmf`): sum of money-flow volume over sum of volume, last
 * `period` bars; NaN when that volume is 0.
 */
export function cmf(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  period = 20,
): Float64Array {
  const n = requireSameLength(high, low, close, volume);
  requireInt('period', period, 1, 100000);
  const mfv = new Float64Array(n);
  for (let i = 0; i < n; i++) mfv[i] = moneyFlowVolume(high[i], low[i], close[i], volume[i]);
  const out = nanArray(n);
  const vol = nanArray(n);
  if (period > 1) {
    rollingSumInto(mfv, period, out);
    rollingSumInto(volume, period, vol);
  } else {
    out.set(mfv);
    vol.set(volume);
  }
  for (let i = period - 1; i < n; i++) out[i] = vol[i] === 0 ? Number.NaN : out[i] / vol[i];
  return out;
}
