export type LevelKind = 'support' | 'resistance';

/** A horizontal price level clustered from swing points. */
export interface PriceLevel {
  /** Mean price of the clustered swings. */
  readonly price: number;
  /** `support` if the level is at or below the close at the as-of bar, else `resistance`. */
  readonly kind: LevelKind;
  /** Lowest and highest swing price in the cluster (their spread is at most the tolerance). */
  readonly low: number;
  readonly high: number;
  /** Number of swings in the cluster, and how many were swing highs / swing lows. */
  readonly touches: number;
  readonly highTouches: number;
  readonly lowTouches: number;
  /** Bar indices of the earliest and latest swing in the cluster (callers map them to dates). */
  readonly firstTouch: number;
  readonly lastTouch: number;
  /** Recency-weighted touch count: sum of 0.5^((asOf − touch bar) / recencyHalfLifeBars). */
  readonly strength: number;
}

export interface SupportResistanceResult {
  /** Bar the levels are computed as of. */
  readonly asOf: number;
  /** Close at `asOf` (NaN if there is no bar). */
  readonly close: number;
  /** Clustering tolerance in price units (toleranceAtr × ATR at `asOf`; NaN during ATR warm-up). */
  readonly tolerance: number;
  /** Levels ordered by price, ascending. */
  readonly levels: readonly PriceLevel[];
}
