import { nanArray } from '../../core/index.js';
import { hilbertCycle } from '../hilbert-cycle.js';
import { instantaneousTrendline } from '../instantaneous-trendline.js';

/** Lookback of `ht_trendline`: 63 (TA-Lib, unstable period 0). */
export function htTrendlineLookback(): number {
  return 63;
}

/** Hilbert transform instantaneous trendline (TA-Lib `HT_TRENDLINE`, port of ta_HT_TRENDLINE.c). */
export function htTrendline(x: Float64Array): Float64Array {
  const n = x.length;
  const lookback = htTrendlineLookback();
  const out = nanArray(n);
  if (n <= lookback) return out;
  const trend = instantaneousTrendline(x, hilbertCycle(x, 34));
  out.set(trend.subarray(lookback), lookback);
  return out;
}
