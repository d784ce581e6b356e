import { firstFinite, smaInto } from '../../core/index.js';

/** Leading NaN bars of `sma` (TA-Lib `TA_SMA_Lookback`). */
export function smaLookback(period: number): number {
  return period - 1;
}

/** Simple moving average (arithmetic mean of the last `period` values). Leading NaNs are skipped. */
export function sma(values: Float64Array, period = 30): Float64Array {
  const out = new Float64Array(values.length); // the kernel writes the NaN warm-up
  smaInto(values, period, out, firstFinite(values));
  return out;
}
