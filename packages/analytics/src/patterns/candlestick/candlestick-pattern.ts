import type { CandleSettingName, CandleSettings } from './candle-settings.js';
import type { Candles } from './candles.js';
import type { CandlestickResult } from './candlestick-result.js';

/** Definition of one TA-Lib candlestick pattern, consumed by the registry. */
export interface CandlestickPattern {
  /** TA-Lib function name in lower case (`cdlengulfing`). */
  readonly code: string;
  readonly name: string;
  /** One-line rule summary, with the direction of its signal. */
  readonly description: string;
  /** Candle settings the rule reads (each becomes a named parameter). */
  readonly settings: readonly CandleSettingName[];
  /** TA-Lib's default `optInPenetration` when the pattern has one. */
  readonly penetration?: number;
  lookback(settings: CandleSettings): number;
  detect(candles: Candles, settings: CandleSettings, penetration: number): CandlestickResult;
}
