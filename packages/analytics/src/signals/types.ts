/** Daily bars of one ticker, oldest first, adjusted as the caller chose. */
export interface SignalBars {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

export type Direction = 'long' | 'short';

export type SetupId =
  | 'trend_pullback'
  | 'breakout_volume'
  | 'mean_reversion_in_trend'
  | 'momentum_continuation'
  | 'pattern_reversal_at_level'
  | 'volatility_squeeze';

/**
 * A trade plan in "long" terms. Shorts are found by running the same rules on the mirrored series
 * (every price negated), so a short plan is a long plan of the mirror, mapped back.
 * Invariant: stop < entryLow ≤ entryHigh < t1 < t2.
 */
export interface LongPlan {
  readonly entryLow: number;
  readonly entryHigh: number;
  readonly stop: number;
  readonly t1: number;
  readonly t2: number;
  /** What the plan is anchored on (in the mirror for shorts): the trigger or structure level. */
  readonly level: { readonly kind: string; readonly price: number };
  /** Candlestick pattern that triggered the setup, if any. */
  readonly pattern?: string;
}

/** Card levels in market terms. Long: stop < entry.low ≤ entry.high < t1 < t2; short mirrored. */
export interface CardLevels {
  readonly direction: Direction;
  readonly entry_zone: { readonly low: number; readonly high: number };
  readonly t1: number;
  readonly t2: number;
  readonly stop: number;
}
