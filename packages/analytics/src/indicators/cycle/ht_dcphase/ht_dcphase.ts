import { nanArray } from '../../core/index.js';
import { dominantCyclePhase } from '../dominant-cycle-phase.js';
import { hilbertCycleInto } from '../hilbert-cycle.js';

/** Lookback of `ht_dcphase`: 63 (TA-Lib, unstable period 0). */
export function htDcphaseLookback(): number {
  return 63;
}

/** Hilbert transform dominant cycle phase in degrees (TA-Lib `HT_DCPHASE`, port of ta_HT_DCPHASE.c). */
export function htDcphase(x: Float64Array): Float64Array {
  const n = x.length;
  const lookback = htDcphaseLookback();
  const out = nanArray(n);
  if (n <= lookback) return out;
  const smooth = new Float64Array(n);
  const smoothPeriod = new Float64Array(n);
  const loopStart = hilbertCycleInto(x, 34, smooth, smoothPeriod, null, null);
  const phase = dominantCyclePhase(smooth, smoothPeriod, loopStart);
  out.set(phase.subarray(lookback), lookback);
  return out;
}
