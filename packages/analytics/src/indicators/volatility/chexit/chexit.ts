import { nanArray, rollingMaxInto, rollingMinInto } from '../../core/index.js';
import { requireInt, requireReal } from '../../math/guards.js';
import { atr } from '../atr/atr.js';

/** Lookback of `chexit`: period (that of the ATR). */
export function chexitLookback(period: number): number {
  return period;
}

/**
 * Chandelier exit (Chuck LeBeau; Stock.Indicators `ToChandelier`): long = highest high of the last
 * `period` bars − multiplier × ATR(period); short = lowest low + multiplier × ATR(period).
 */
export function chexit(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 22,
  multiplier = 3,
): { long: Float64Array; short: Float64Array } {
  requireInt('period', period, 1, 100000);
  requireReal('multiplier', multiplier, 0, 1e6);
  const n = close.length;
  const range = atr(high, low, close, period);
  const hi = nanArray(n);
  const lo = nanArray(n);
  if (period > 1) {
    rollingMaxInto(high, period, hi);
    rollingMinInto(low, period, lo);
  } else {
    hi.set(high);
    lo.set(low);
  }
  const long = nanArray(n);
  const short = nanArray(n);
  for (let i = period; i < n; i++) {
    long[i] = hi[i] - multiplier * range[i];
    short[i] = lo[i] + multiplier * range[i];
  }
  return { long, short };
}
