import { fillNaN, nanArray } from '../../core/index.js';
import { hilbertCycleInto } from '../hilbert-cycle.js';
import { instantaneousTrendlineInto } from '../instantaneous-trendline.js';

/** Lookback of `ht_trendline`: 63 (TA-Lib, unstable period 0). */
export function htTrendlineLookback(): number {
  return 63;
}

/** Hilbert transform instantaneous trendline (TA-Lib `HT_TRENDLINE`, port of ta_HT_TRENDLINE.c). */
export function htTrendline(x: Float64Array): Float64Array {
  const n = x.length;
  const lookback = htTrendlineLookback();
  if (n <= lookback) return nanArray(n);
  // The output array first holds the smoothed period, then is overwritten bar by bar with the trendline.
  const out = new Float64Array(n);
  const loopStart = hilbertCycleInto(x, 34, null, out, null, null);
  instantaneousTrendlineInto(x, out, loopStart, out);
  fillNaN(out, 0, lookback);
  return out;
}
