import { nanArray } from '../../core/index.js';
import { requireInt, requireReal, requireSameLength } from '../../math/guards.js';

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
 * active band's lower line and bullish when it is above the upper one. One pass, ATR inline.
 */
export function supertrend(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period = 10,
  multiplier = 3,
): SuperTrend {
  const n = requireSameLength(high, low, close);
  requireInt('period', period, 1, 100000);
  requireReal('multiplier', multiplier, 0, 1e6);
  const line = nanArray(n);
  const direction = nanArray(n);
  const upperOut = nanArray(n);
  const lowerOut = nanArray(n);
  const alpha = 1 / period;
  let atr = 0;
  let bullish = true;
  let upper = Number.NaN;
  let lower = Number.NaN;
  for (let i = 1; i < n; i++) {
    // Wilder ATR inline (core wilderInto over the true range: SMA seed of bars 1…period, then alpha 1/period).
    const pc = close[i - 1];
    const tr = Math.max(high[i], pc) - Math.min(low[i], pc);
    if (i < period) {
      atr += tr;
      continue;
    }
    if (i === period) atr = (atr + tr) / period;
    else atr = (tr - atr) * alpha + atr;
    const mid = (high[i] + low[i]) / 2;
    const upperEval = mid + multiplier * atr;
    const lowerEval = mid - multiplier * atr;
    const c = close[i];
    if (i === period || Number.isNaN(upper) || Number.isNaN(lower)) {
      bullish = c >= mid;
      upper = upperEval;
      lower = lowerEval;
    } else {
      if (upperEval < upper || pc > upper) upper = upperEval;
      if (lowerEval > lower || pc < lower) lower = lowerEval;
    }
    bullish = !(c <= (bullish ? lower : upper));
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
