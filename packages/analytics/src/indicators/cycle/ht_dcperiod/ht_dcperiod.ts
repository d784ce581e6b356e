import { fillNaN, nanArray } from '../../core/index.js';
import { hilbertCycleInto } from '../hilbert-cycle.js';

/** Lookback of `ht_dcperiod`: 32 (TA-Lib, unstable period 0). */
export function htDcperiodLookback(): number {
  return 32;
}

/** Hilbert transform dominant cycle period in bars (TA-Lib `HT_DCPERIOD`, port of ta_HT_DCPERIOD.c). */
export function htDcperiod(x: Float64Array): Float64Array {
  const n = x.length;
  const lookback = htDcperiodLookback();
  if (n <= lookback) return nanArray(n);
  const out = new Float64Array(n);
  hilbertCycleInto(x, 9, null, out, null, null);
  fillNaN(out, 0, lookback);
  return out;
}
