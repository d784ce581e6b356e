import { requireSameLength } from '../../math/guards.js';
import { moneyFlowVolume } from './money-flow.js';

/**
 * Chaikin accumulation/distribution line (TA-Lib `AD`): running total of money-flow volume from 0.
 * Lookback 0. A bar with a NaN input is NaN and adds nothing.
 */
export function ad(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
): Float64Array {
  const n = requireSameLength(high, low, close, volume);
  const out = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const mfv = moneyFlowVolume(high[i], low[i], close[i], volume[i]);
    if (Number.isNaN(mfv)) {
      out[i] = Number.NaN;
      continue;
    }
    total += mfv;
    out[i] = total;
  }
  return out;
}
