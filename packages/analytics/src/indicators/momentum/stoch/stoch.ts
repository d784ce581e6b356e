import { fastKInto } from '../../core/fast-k.js';
import { nanArray } from '../../core/index.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';

/** Leading NaN bars of `stoch`. */
export function stochLookback(
  fastKPeriod: number,
  slowKPeriod: number,
  slowKType: MaType,
  slowDPeriod: number,
  slowDType: MaType,
): number {
  return fastKPeriod - 1 + maLookback(slowKPeriod, slowKType) + maLookback(slowDPeriod, slowDType);
}

/**
 * Slow stochastic (TA-Lib `TA_STOCH`): slow %K = MA(fast %K), slow %D = MA(slow %K); both outputs
 * start at the same bar.
 */
export function stoch(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  fastKPeriod = 5,
  slowKPeriod = 3,
  slowKType: MaType = 'sma',
  slowDPeriod = 3,
  slowDType: MaType = 'sma',
): { slowk: Float64Array; slowd: Float64Array } {
  const n = close.length;
  const fastk = nanArray(n);
  const slowk = nanArray(n);
  const slowd = nanArray(n);
  const f = fastKInto(high, low, close, fastKPeriod, fastk);
  const fk = movingAverageInto(fastk, slowKPeriod, slowKType, slowk, Math.min(f, n));
  const first = movingAverageInto(slowk, slowDPeriod, slowDType, slowd, Math.min(fk, n));
  slowk.fill(Number.NaN, 0, Math.min(first, n));
  return { slowk, slowd };
}
