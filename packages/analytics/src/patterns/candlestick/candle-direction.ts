/**
 * TA-Lib rules whose sign is not a direction. The doji family (Doji, Long-Legged Doji, Rickshaw Man,
 * Dragonfly and Gravestone Doji, Takuri) answers +100 whatever happens; Spinning Top and High-Wave answer
 * ±100 by the candle's colour (ta_CDLSPINNINGTOP.c, ta_CDLHIGHWAVE.c: `TA_CANDLECOLOR(i) * 100`). All
 * of them mark indecision: a small real body between shadows.
 */
export const NEUTRAL_CANDLES: ReadonlySet<string> = new Set([
  'cdldoji',
  'cdllongleggeddoji',
  'cdlrickshawman',
  'cdldragonflydoji',
  'cdlgravestonedoji',
  'cdltakuri',
  'cdlspinningtop',
  'cdlhighwave',
]);

export type CandleDirection = 'bullish' | 'bearish' | 'neutral';

/** What a candlestick signal says of the direction: its sign, except for the indecision rules (neutral). */
export function candleDirection(code: string, signal: number): CandleDirection {
  if (NEUTRAL_CANDLES.has(code)) return 'neutral';
  return signal > 0 ? 'bullish' : 'bearish';
}
