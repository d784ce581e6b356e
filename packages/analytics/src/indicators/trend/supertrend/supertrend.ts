import { nanArray } from '../../core/index.js';
import { requireReal } from '../../math/guards.js';
import { atr } from '../../volatility/atr/atr.js';

/** Lookback of `supertrend`: period (that of the ATR). */
export function supertrendLookback(period: number): number {
  return period;
}

export type SuperTrend = {
  /** The active stop line: the upper band in a downtrend, the lower band in an uptrend. */
  readonly supertrend: Float64Array;
  /** +1 while bullish (line below price), −1 while bearish. */
  readonly direction: Float64Array;
  /** The ratcheted upper band (tracked in both regimes). */
  readonly upper: Float64Array;
  /** The ratcheted lower band (tracked in both regimes). */
  readonly lower: Float64Array;
};

/**
 * SuperTrend (O. Seban; Stock.Indicators `ToSuperTrend` rules): bands (H+L)/2 ± multiplier × ATR(period);
 * the upper band only moves down (or resets when the previous close broke above it), the lower band
 * only up (or resets after a break below); the trend flips bearish when the close is at or below the
 * active band's lower line and bullish when it is above the upper one.
 */
export function supertrend(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 10,
  multiplier = 3,
): SuperTrend {
  requireReal('multiplier', multiplier, 0, 1e6);
  const range = atr(high, low, close, period);
  const n = close.length;
  const line = nanArray(n);
  const direction = nanArray(n);
  const upperOut = nanArray(n);
  const lowerOut = nanArray(n);
  let bullish = true;
  let upper = Number.NaN;
  let lower = Number.NaN;
  for (let i = period; i < n; i++) {
    const mid = (high[i] + low[i]) / 2;
    const upperEval = mid + multiplier * range[i];
    const lowerEval = mid - multiplier * range[i];
    const c = close[i];
    if (i === period || Number.isNaN(upper) || Number.isNaN(lower)) {
      bullish = c >= mid;
      upper = upperEval;
      lower = lowerEval;
    } else {
      const prevClose = close[i - 1];
      if (upperEval < upper || prevClose > upper) upper = upperEval;
      if (lowerEval > lower || prevClose < lower) lower = lowerEval;
    }
    if (c <= (bullish ? lower : upper)) bullish = false;
    else bullish = true;
    if (Number.isNaN(c) || Number.isNaN(upperEval)) {
      upper = Number.NaN;
      lower = Number.NaN;
      continue;
    }
    line[i] = bullish ? lower : upper;
    direction[i] = bullish ? 1 : -1;
    upperOut[i] = upper;
    lowerOut[i] = lower;
  }
  return { supertrend: line, direction, upper: upperOut, lower: lowerOut };
}
