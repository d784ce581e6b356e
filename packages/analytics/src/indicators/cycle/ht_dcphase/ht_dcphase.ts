import { nanArray } from '../../core/index.js';
import { dominantCyclePhase } from '../dominant-cycle-phase.js';
import { hilbertCycle } from '../hilbert-cycle.js';

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
  const phase = dominantCyclePhase(hilbertCycle(x, 34));
  out.set(phase.subarray(lookback), lookback);
  return out;
}
