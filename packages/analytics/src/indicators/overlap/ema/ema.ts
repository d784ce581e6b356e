import { emaInto, firstFinite } from '../../core/index.js';

/** Leading NaN bars of `ema` (TA-Lib `TA_EMA_Lookback`). */
export function emaLookback(period: number): number {
  return period - 1;
}

/**
 * Exponential moving average, alpha = 2/(period+1), seeded with the SMA of the first `period` values
 * (TA-Lib classic). Leading NaNs are skipped; a later NaN poisons the rest of the series.
 */
export function ema(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  emaInto(values, period, out, firstFinite(values));
  return out;
}
