import { nanArray } from '../../core/index.js';
import { hilbertCycle } from '../hilbert-cycle.js';

/** Lookback of `ht_dcperiod`: 32 (TA-Lib, unstable period 0). */
export function htDcperiodLookback(): number {
  return 32;
}

/** Hilbert transform dominant cycle period in bars (TA-Lib `HT_DCPERIOD`, port of ta_HT_DCPERIOD.c). */
export function htDcperiod(x: Float64Array): Float64Array {
  const n = x.length;
  const lookback = htDcperiodLookback();
  const out = nanArray(n);
  if (n <= lookback) return out;
  const h = hilbertCycle(x, 9);
  out.set(h.smoothPeriod.subarray(lookback), lookback);
  return out;
}
