import { fastKInto } from '../../core/fast-k.js';
import { firstFinite, nanArray } from '../../core/index.js';
import { type MaType, maLookback, movingAverageInto } from '../../overlap/ma/ma.js';
import { rsiInto } from '../rsi/rsi.js';

/** Leading NaN bars of `stochrsi`. */
export function stochrsiLookback(
  period: number,
  fastKPeriod: number,
  fastDPeriod: number,
  fastDType: MaType,
): number {
  return period + fastKPeriod - 1 + maLookback(fastDPeriod, fastDType);
}

/** Stochastic RSI (TA-Lib `TA_STOCHRSI`): fast stochastic applied to RSI(period). Leading NaNs skipped. */
export function stochrsi(
  values: Float64Array,
  period = 14,
  fastKPeriod = 5,
  fastDPeriod = 3,
  fastDType: MaType = 'sma',
): { fastk: Float64Array; fastd: Float64Array } {
  const n = values.length;
  const r = nanArray(n);
  const fr = rsiInto(values, period, r, firstFinite(values));
  const fastk = nanArray(n);
  const fastd = nanArray(n);
  const fk = fastKInto(r, r, r, fastKPeriod, fastk, Math.min(fr, n));
  const first = movingAverageInto(fastk, fastDPeriod, fastDType, fastd, Math.min(fk, n));
  fastk.fill(Number.NaN, 0, Math.min(first, n));
  return { fastk, fastd };
}
