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
  if (!Number.isNaN(adFastInto(high, low, close, volume, out))) return out;
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

/**
 * The A/D line without the per-bar NaN test; returns the final total. While every money-flow volume
 * is a number it performs exactly the operations of the guarded loop in `ad`; a NaN one leaves the
 * total NaN for good, so a NaN result means `out` must be recomputed by the guarded loop. Unrolled ×8
 * (same operations in the same order): V8 re-checks each typed array on every iteration.
 */
function adFastInto(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  volume: Float64Array,
  out: Float64Array,
): number {
  const n = out.length;
  let total = 0;
  let i = 0;
  for (; i + 7 < n; i += 8) {
    total += moneyFlowVolume(high[i]!, low[i]!, close[i]!, volume[i]!);
    out[i] = total;
    total += moneyFlowVolume(high[i + 1]!, low[i + 1]!, close[i + 1]!, volume[i + 1]!);
    out[i + 1] = total;
    total += moneyFlowVolume(high[i + 2]!, low[i + 2]!, close[i + 2]!, volume[i + 2]!);
    out[i + 2] = total;
    total += moneyFlowVolume(high[i + 3]!, low[i + 3]!, close[i + 3]!, volume[i + 3]!);
    out[i + 3] = total;
    total += moneyFlowVolume(high[i + 4]!, low[i + 4]!, close[i + 4]!, volume[i + 4]!);
    out[i + 4] = total;
    total += moneyFlowVolume(high[i + 5]!, low[i + 5]!, close[i + 5]!, volume[i + 5]!);
    out[i + 5] = total;
    total += moneyFlowVolume(high[i + 6]!, low[i + 6]!, close[i + 6]!, volume[i + 6]!);
    out[i + 6] = total;
    total += moneyFlowVolume(high[i + 7]!, low[i + 7]!, close[i + 7]!, volume[i + 7]!);
    out[i + 7] = total;
  }
  for (; i < n; i++) {
    total += moneyFlowVolume(high[i]!, low[i]!, close[i]!, volume[i]!);
    out[i] = total;
  }
  return total;
}
