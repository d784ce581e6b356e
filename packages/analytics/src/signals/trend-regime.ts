import type { SignalFeatures } from './features.js';

/**
 * The one trend classifier of cards, reports and the feed (issue #25, "one voice"). A trend is direction
 * agreed on by three horizons: the close against its 200-day average, that average's own direction over
 * `REGIME_SLOPE_BARS` sessions, and the 20-day EMA against the 50-day. All three up is an uptrend, all
 * three down a downtrend, anything else a range. ADX measures how strongly prices move, not which way:
 * it qualifies a trend, it never makes one.
 */
export type TrendRegime = 'uptrend' | 'downtrend' | 'range';
export type TrendStrength = 'strong' | 'moderate' | 'weak';

/** Sessions over which the 200-day average's direction is read. */
export const REGIME_SLOPE_BARS = 20;

export interface RegimeInputs {
  readonly close: number;
  readonly sma200: number;
  /** The 200-day average `REGIME_SLOPE_BARS` sessions earlier. */
  readonly sma200Before: number;
  readonly ema20: number;
  readonly ema50: number;
}

export function trendRegime(x: RegimeInputs): TrendRegime {
  const rising = x.sma200 > x.sma200Before;
  const falling = x.sma200 < x.sma200Before;
  if (x.close > x.sma200 && rising && x.ema20 > x.ema50) return 'uptrend';
  if (x.close < x.sma200 && falling && x.ema20 < x.ema50) return 'downtrend';
  return 'range';
}

/** The regime at bar t of features computed by `prepareScan` (a range before the averages exist). */
export function regimeAt(f: SignalFeatures, t: number): TrendRegime {
  return trendRegime({
    close: f.bars.close[t] as number,
    sma200: f.sma200[t] as number,
    sma200Before: t >= REGIME_SLOPE_BARS ? (f.sma200[t - REGIME_SLOPE_BARS] as number) : Number.NaN,
    ema20: f.ema20[t] as number,
    ema50: f.ema50[t] as number,
  });
}

/** ADX(14) 25 and over is strong, 20 to 25 moderate, under 20 weak. */
export function trendStrength(adx14: number): TrendStrength {
  return adx14 >= 25 ? 'strong' : adx14 >= 20 ? 'moderate' : 'weak';
}

/** "an uptrend", "a downtrend", "a range": the regime with its article. */
export function regimeWithArticle(regime: TrendRegime): string {
  return regime === 'uptrend' ? 'an uptrend' : regime === 'downtrend' ? 'a downtrend' : 'a range';
}
