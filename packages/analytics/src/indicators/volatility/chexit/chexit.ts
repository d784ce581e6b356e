import { nanArray } from '../../core/index.js';
import { requireInt, requireReal, requireSameLength } from '../../math/guards.js';

/** Lookback of `chexit`: period (that of the ATR). */
export function chexitLookback(period: number): number {
  return period;
}

/**
 * Chandelier exit (Chuck LeBeau; Stock.Indicators `ToChandelier`): long = highest high of the last
 * `period` bars − multiplier × ATR(period); short = lowest low + multiplier × ATR(period). One pass:
 * Wilder ATR inline (core `wilderInto`'s operations over the true range) and TA-Lib-style extreme
 * tracking (rescan only when the extreme leaves the window).
 */
export function chexit(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 22,
  multiplier = 3,
): { long: Float64Array; short: Float64Array } {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  requireReal('multiplier', multiplier, 0, 1e6);
  const long = nanArray(n);
  const short = nanArray(n);
  const alpha = 1 / period;
  let atr = 0;
  let hiIdx = -1;
  let hi = 0;
  let loIdx = -1;
  let lo = 0;
  let lastNaN = -1;
  for (let i = 1; i < n; i++) {
    const h = high[i];
    const l = low[i];
    const pc = close[i - 1];
    const tr = Math.max(h, pc) - Math.min(l, pc);
    if (Number.isNaN(h) || Number.isNaN(l)) lastNaN = i;
    if (i < period) {
      atr += tr;
      continue;
    }
    atr = i === period ? (atr + tr) / period : (tr - atr) * alpha + atr;
    const trailing = i - period + 1;
    if (hiIdx < trailing) {
      hiIdx = trailing;
      hi = high[trailing];
      for (let j = trailing + 1; j <= i; j++) {
        if (high[j] > hi) {
          hi = high[j];
          hiIdx = j;
        }
      }
    } else if (h >= hi) {
      hi = h;
      hiIdx = i;
    }
    if (loIdx < trailing) {
      loIdx = trailing;
      lo = low[trailing];
      for (let j = trailing + 1; j <= i; j++) {
        if (low[j] < lo) {
          lo = low[j];
          loIdx = j;
        }
      }
    } else if (l <= lo) {
      lo = l;
      loIdx = i;
    }
    if (lastNaN >= trailing) continue;
    long[i] = hi - multiplier * atr;
    short[i] = lo + multiplier * atr;
  }
  return { long, short };
}
