import { nanArray, rollingVarianceInto, smaInto } from '../../core/index.js';
import { requireInt } from '../../math/guards.js';

/** Lookback of `zscore`: period − 1. */
export function zscoreLookback(period: number): number {
  return period - 1;
}

/**
 * Rolling z-score: (x − mean) / σ over the trailing `period` values, σ the population deviation (as
 * Bollinger %b's z in Stock.Indicators `ToBollingerBands`); 0 when σ is 0.
 */
export function zscore(x: Float64Array, period = 20): Float64Array {
  requireInt('period', period, 2, 100000);
  const n = x.length;
  const mean = nanArray(n);
  const out = nanArray(n);
  smaInto(x, period, mean);
  rollingVarianceInto(x, period, out);
  for (let i = period - 1; i < n; i++) {
    const v = out[i];
    out[i] = v <= 0 ? (Number.isNaN(x[i]) ? Number.NaN : 0) : (x[i] - mean[i]) / Math.sqrt(v);
  }
  return out;
}
