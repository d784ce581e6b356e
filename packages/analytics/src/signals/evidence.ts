import type { SignalFeatures } from './features.js';
import { riskReward, roundPrice } from './levels.js';
import { REGIME_SLOPE_BARS, type TrendRegime, trendRegime } from './trend-regime.js';
import type { CardLevels, Direction, LongPlan } from './types.js';

/**
 * The numbers a card's thesis may cite, rounded as they are shown (prices to cents, ratios and
 * percentages to one decimal). The thesis is written from these values only.
 */
export interface CardEvidence {
  /** The look-back windows (bars) the other numbers are computed over. */
  readonly windows: typeof WINDOWS;
  readonly trend: {
    readonly close: number;
    readonly sma200: number;
    readonly ema20: number;
    readonly ema50: number;
    readonly adx14: number;
    readonly regime: TrendRegime;
  };
  readonly momentum: { readonly rsi14: number; readonly change_20d_pct: number };
  readonly volatility: { readonly atr14: number; readonly atr_pct: number; readonly bb_width_pct: number };
  /**
   * The Bollinger bands (20, 2) at the bar, the width the bar before as a share of price and its narrowest
   * over the squeeze look-back (to the bar before), and whether the close lay outside a band.
   */
  readonly bollinger: {
    readonly upper: number;
    readonly lower: number;
    readonly width_prev_pct: number;
    readonly width_min_prev_pct: number;
    readonly close_above_upper: boolean;
    readonly close_below_lower: boolean;
  };
  /** The setups' thresholds a thesis may cite (the setups read them from here). */
  readonly rules: typeof RULES;
  readonly volume: { readonly last: number; readonly avg20: number; readonly ratio: number };
  readonly level: { readonly kind: string; readonly price: number };
  readonly pattern: { readonly name: string } | null;
  readonly relative_strength: { readonly benchmark: string; readonly excess_20d_pct: number } | null;
  readonly sentiment: { readonly mean_score: number; readonly items: number } | null;
  readonly plan: {
    readonly entry_low: number;
    readonly entry_high: number;
    readonly stop: number;
    readonly t1: number;
    readonly t2: number;
    readonly r_t1: number;
    readonly r_t2: number;
  };
}

/** Optional context: the benchmark's closes (aligned with the bars) and news sentiment. */
export interface EvidenceContext {
  readonly benchmark?: { readonly ticker: string; readonly close: Float64Array };
  readonly sentiment?: { readonly mean_score: number; readonly items: number };
}

export const WINDOWS = Object.freeze({
  ema_fast: 20,
  ema_slow: 50,
  sma_long: 200,
  range: 20,
  high_low_long: 250,
  support: 50,
  rsi: 14,
  atr: 14,
  adx: 14,
});

/** Thresholds of the setups' rules, in long terms (a short's mirror image is stated beside each). */
export const RULES = Object.freeze({
  /** Mean reversion: RSI(14) under this (long), or over 100 − this (short). */
  mean_reversion_rsi_long: 32,
  mean_reversion_rsi_short: 68,
  /** Momentum continuation: the close within this % of the 250-day high (long) or low (short). */
  momentum_within_pct: 3,
  /** Volatility squeeze: the width the bar before within this % of its narrowest over the look-back. */
  squeeze_within_pct: 5,
  squeeze_lookback: 120,
});

const one = (x: number) => Math.round(x * 10) / 10;
const pct = (x: number) => one(x * 100);

/** A short plan's level in market terms: the mirror's 250-day high is the 250-day low, and so on. */
const SHORT_KIND: Record<string, string> = {
  breakout: 'breakdown',
  high250: 'low250',
  low50: 'high50',
  bb_upper: 'bb_lower',
};

export function cardEvidence(
  f: SignalFeatures,
  t: number,
  plan: LongPlan,
  levels: CardLevels,
  direction: Direction,
  context: EvidenceContext = {},
): CardEvidence {
  const close = f.bars.close;
  const c = close[t] as number;
  const sma200 = f.sma200[t] as number;
  const e20 = f.ema20[t] as number;
  const e50 = f.ema50[t] as number;
  const regime = trendRegime({
    close: c,
    sma200,
    sma200Before: t >= REGIME_SLOPE_BARS ? (f.sma200[t - REGIME_SLOPE_BARS] as number) : Number.NaN,
    ema20: e20,
    ema50: e50,
  });
  const change20 = c / (close[t - 20] as number) - 1;
  const a = f.atr14[t] as number;
  const rr = riskReward(levels);
  const bench = context.benchmark;
  const excess =
    bench === undefined || t < 20
      ? undefined
      : change20 - ((bench.close[t] as number) / (bench.close[t - 20] as number) - 1);
  const s = direction === 'long' ? 1 : -1;
  return {
    windows: WINDOWS,
    trend: {
      close: roundPrice(c),
      sma200: roundPrice(sma200),
      ema20: roundPrice(e20),
      ema50: roundPrice(e50),
      adx14: one(f.adx14[t] as number),
      regime,
    },
    momentum: { rsi14: one(f.rsi14[t] as number), change_20d_pct: pct(change20) },
    volatility: { atr14: roundPrice(a), atr_pct: pct(a / c), bb_width_pct: pct(f.bbWidth[t] as number) },
    bollinger: {
      upper: roundPrice(f.bbUpper[t] as number),
      lower: roundPrice(f.bbLower[t] as number),
      width_prev_pct: pct(f.bbWidth[t - 1] as number),
      width_min_prev_pct: pct(f.bbWidthMin120[t - 1] as number),
      close_above_upper: c > (f.bbUpper[t] as number),
      close_below_lower: c < (f.bbLower[t] as number),
    },
    rules: RULES,
    volume: {
      last: Math.round(f.bars.volume[t] as number),
      avg20: Math.round(f.volumeAvg20[t] as number),
      ratio: one((f.bars.volume[t] as number) / (f.volumeAvg20[t] as number)),
    },
    level: {
      kind: direction === 'long' ? plan.level.kind : (SHORT_KIND[plan.level.kind] ?? plan.level.kind),
      price: roundPrice(s * plan.level.price),
    },
    pattern:
      plan.pattern === undefined
        ? null
        : { name: direction === 'long' ? plan.pattern : `bearish_${plan.pattern}` },
    relative_strength:
      bench === undefined || excess === undefined || !Number.isFinite(excess)
        ? null
        : { benchmark: bench.ticker, excess_20d_pct: pct(excess) },
    sentiment:
      context.sentiment === undefined
        ? null
        : {
            mean_score: Math.round(context.sentiment.mean_score * 100) / 100,
            items: context.sentiment.items,
          },
    plan: {
      entry_low: levels.entry_zone.low,
      entry_high: levels.entry_zone.high,
      stop: levels.stop,
      t1: levels.t1,
      t2: levels.t2,
      r_t1: one(rr.t1),
      r_t2: one(rr.t2),
    },
  };
}
