import { fastKInto } from '../../core/fast-k.js';
import { nanArray } from '../../core/index.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';

/** Leading NaN bars of `stochf`. */
export function stochfLookback(fastKPeriod: number, fastDPeriod: number, fastDType: MaType): number {
  return fastKPeriod - 1 + maLookback(fastDPeriod, fastDType);
}

/** Fast stochastic: %K and %D = MA(%K). Both start at the same bar, as TA-Lib `TA_STOCHF`. */
export function stochf(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod = 5,
  fastDPeriod = 3,
  fastDType: MaType = 'sma',
): { fastk: Float64Array; fastd: Float64Array } {
  const n = close.length;
  const fastk = nanArray(n);
  const fastd = nanArray(n);
  const f = fastKInto(high, low, close, fastKPeriod, fastk);
  const first = movingAverageInto(fastk, fastDPeriod, fastDType, fastd, Math.min(f, n));
  fastk.fill(Number.NaN, 0, Math.min(first, n));
  return { fastk, fastd };
}
