import { max } from '../indicators/math/max/max.js';
import { min } from '../indicators/math/min/min.js';
import { adx } from '../indicators/momentum/adx/adx.js';
import { rsi } from '../indicators/momentum/rsi/rsi.js';
import { ema } from '../indicators/overlap/ema/ema.js';
import { sma } from '../indicators/overlap/sma/sma.js';
import { atr } from '../indicators/volatility/atr/atr.js';
import { bbands } from '../indicators/volatility/bbands/bbands.js';
import { Candles } from '../patterns/candlestick/candles.js';
import { cdlengulfing } from '../patterns/candlestick/cdlengulfing.js';
import { cdlhammer } from '../patterns/candlestick/cdlhammer.js';
import { cdlmorningstar } from '../patterns/candlestick/cdlmorningstar.js';
import type { SignalBars } from './types.js';

/** The indicator values the setups read, each aligned with the bars (NaN during warm-up). */
export interface SignalFeatures {
  readonly bars: SignalBars;
  readonly atr14: Float64Array;
  readonly ema20: Float64Array;
  readonly ema50: Float64Array;
  readonly sma20: Float64Array;
  readonly sma200: Float64Array;
  readonly rsi14: Float64Array;
  readonly adx14: Float64Array;
  readonly bbUpper: Float64Array;
  readonly bbLower: Float64Array;
  /** Bollinger width as a share of the middle band. */
  readonly bbWidth: Float64Array;
  /** Lowest Bollinger width of the last 120 bars. */
  readonly bbWidthMin120: Float64Array;
  /** Highest high / lowest low of the last 20 bars, including the bar itself. */
  readonly high20: Float64Array;
  readonly low20: Float64Array;
  readonly high250: Float64Array;
  readonly low10: Float64Array;
  readonly low50: Float64Array;
  readonly volumeAvg20: Float64Array;
  /** Bullish reversal candle at the bar: 'engulfing', 'hammer' or 'morning_star'; undefined otherwise. */
  readonly bullishPattern: readonly (string | undefined)[];
}

/** Computes every feature once for the whole series; value at t uses bars ≤ t only. */
export function computeSignalFeatures(bars: SignalBars): SignalFeatures {
  const { open, high, low, close, volume } = bars;
  const bb = bbands(close, 20, 2, 2);
  const n = close.length;
  const bbWidth = new Float64Array(n);
  // A share of the price's size: on the mirrored series (prices negated, for shorts) the middle band is
  // negative, and dividing by it would make every width negative and the squeeze test impossible.
  for (let i = 0; i < n; i++)
    bbWidth[i] = ((bb.upper[i] as number) - (bb.lower[i] as number)) / Math.abs(bb.middle[i] as number);
  const candles = new Candles(open, high, low, close);
  const engulfing = cdlengulfing(candles).signal;
  const hammer = cdlhammer(candles).signal;
  const morningStar = cdlmorningstar(candles).signal;
  const bullishPattern: (string | undefined)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    bullishPattern[i] =
      (engulfing[i] as number) > 0
        ? 'engulfing'
        : (hammer[i] as number) > 0
          ? 'hammer'
          : (morningStar[i] as number) > 0
            ? 'morning_star'
            : undefined;
  }
  return {
    bars,
    atr14: atr(high, low, close, 14),
    ema20: ema(close, 20),
    ema50: ema(close, 50),
    sma20: sma(close, 20),
    sma200: sma(close, 200),
    rsi14: rsi(close, 14),
    adx14: adx(high, low, close, 14),
    bbUpper: bb.upper,
    bbLower: bb.lower,
    bbWidth,
    bbWidthMin120: min(bbWidth, 120),
    high20: max(high, 20),
    low20: min(low, 20),
    high250: max(high, 250),
    low10: min(low, 10),
    low50: min(low, 50),
    volumeAvg20: sma(volume, 20),
    bullishPattern,
  };
}

/** The same market seen upside down: every price negated (high and low swap), volume unchanged. */
export function mirrorBars(bars: SignalBars): SignalBars {
  const neg = (x: Float64Array) => Float64Array.from(x, (v) => -v);
  return {
    open: neg(bars.open),
    high: neg(bars.low),
    low: neg(bars.high),
    close: neg(bars.close),
    volume: bars.volume,
  };
}
