import type { SignalFeatures } from './features.js';
import { regimeAt, type TrendRegime } from './trend-regime.js';

/**
 * One ticker's factor exposures at bar t, from data through t only: the daily snapshot the institutional
 * feed publishes. Every value is NaN when its window does not fit in the history.
 */
export interface FactorSnapshot {
  readonly close: number;
  readonly trend: {
    /** close / SMA(200) − 1. */
    readonly close_vs_sma200: number;
    /** EMA(20) / EMA(50) − 1. */
    readonly ema20_vs_ema50: number;
    readonly adx14: number;
    /** `up` above a rising SMA(200) with EMA(20) > EMA(50), `down` the mirror, `range` otherwise. */
    readonly regime: TrendRegime;
  };
  readonly momentum: {
    readonly rsi14: number;
    /** Simple returns over 21, 63 and 252 bars. */
    readonly return_21d: number;
    readonly return_63d: number;
    readonly return_252d: number;
  };
  readonly volatility: {
    /** ATR(14) / close. */
    readonly atr14_pct: number;
    /** Sample standard deviation of the last 20 log returns × √252. */
    readonly realized_vol_20d: number;
    /** Bollinger (20, 2) width as a fraction of the middle band. */
    readonly bb_width: number;
  };
  readonly liquidity: {
    /** Mean close × volume over the last 20 bars. */
    readonly dollar_volume_20d: number;
    /** Volume of bar t / its 20-bar average. */
    readonly volume_ratio: number;
  };
}

function ret(close: Float64Array, t: number, k: number): number {
  return t - k < 0 ? Number.NaN : (close[t] as number) / (close[t - k] as number) - 1;
}

/** The snapshot at bar t of features computed by `prepareScan` (its `long` side). */
export function factorSnapshot(f: SignalFeatures, t: number): FactorSnapshot {
  const { close, volume } = f.bars;
  const c = close[t] as number;
  const sma200 = f.sma200[t] as number;
  const e20 = f.ema20[t] as number;
  const e50 = f.ema50[t] as number;
  const regime = regimeAt(f, t);
  let vol = Number.NaN;
  if (t >= 20) {
    let s = 0;
    let s2 = 0;
    for (let i = t - 19; i <= t; i++) {
      const r = Math.log((close[i] as number) / (close[i - 1] as number));
      s += r;
      s2 += r * r;
    }
    vol = Math.sqrt(Math.max(0, (s2 - (s * s) / 20) / 19) * 252);
  }
  let dollar = Number.NaN;
  if (t >= 19) {
    dollar = 0;
    for (let i = t - 19; i <= t; i++) dollar += (close[i] as number) * (volume[i] as number);
    dollar /= 20;
  }
  return {
    close: c,
    trend: {
      close_vs_sma200: c / sma200 - 1,
      ema20_vs_ema50: e20 / e50 - 1,
      adx14: f.adx14[t] as number,
      regime,
    },
    momentum: {
      rsi14: f.rsi14[t] as number,
      return_21d: ret(close, t, 21),
      return_63d: ret(close, t, 63),
      return_252d: ret(close, t, 252),
    },
    volatility: {
      atr14_pct: (f.atr14[t] as number) / c,
      realized_vol_20d: vol,
      bb_width: f.bbWidth[t] as number,
    },
    liquidity: {
      dollar_volume_20d: dollar,
      volume_ratio: (volume[t] as number) / (f.volumeAvg20[t] as number),
    },
  };
}
