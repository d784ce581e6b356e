import type { Swing } from '../swings/types.js';

export type ChartPatternType =
  | 'double_top'
  | 'double_bottom'
  | 'triple_top'
  | 'triple_bottom'
  | 'head_and_shoulders'
  | 'inverse_head_and_shoulders'
  | 'ascending_triangle'
  | 'descending_triangle'
  | 'symmetric_triangle'
  | 'rising_wedge'
  | 'falling_wedge'
  | 'channel_up'
  | 'channel_down'
  | 'channel_horizontal'
  | 'flag'
  | 'pennant';

/** Lifecycle: `forming` → `confirmed` → `target_hit`; `invalidated` from either live state. */
export type PatternState = 'forming' | 'confirmed' | 'invalidated' | 'target_hit';

export type PatternBias = 'bullish' | 'bearish';

/** Why a lifecycle event happened. */
export type LifecycleReason =
  /** All defining swing points became known. */
  | 'detected'
  /** A close beyond the breakout line in the direction of the bias. */
  | 'breakout'
  /** A close beyond the invalidation line before the breakout. */
  | 'opposite_break'
  /** No breakout by `expiresAt` (or the lines' apex). */
  | 'expired'
  /** A larger pattern of the same family made of a superset of these points was detected. */
  | 'superseded'
  /** After the breakout, a close back beyond the invalidation level (frozen at the breakout bar). */
  | 'failed'
  /** The bar's high (bullish) or low (bearish) reached the measured-move target. */
  | 'target';

export interface LifecycleEvent {
  readonly state: PatternState;
  /** Bar at which the transition happened; it depends only on bars <= `bar`. */
  readonly bar: number;
  readonly reason: LifecycleReason;
}

/** A swing point that defines a pattern. */
export interface PatternPoint {
  /** What the point is in the pattern: `head`, `left_shoulder`, `upper_1`, `pole_start`, … */
  readonly role: string;
  /** Ordinal of the swing in `swings` (or in `flagSwings` for flags and pennants). */
  readonly pivot: number;
  /** Bar index of the extreme (callers map bar indices to dates). */
  readonly index: number;
  /** Bar at which the swing became known. */
  readonly knownAt: number;
  readonly price: number;
}

/** A straight line over bar indices: `level + slope * (bar - at)`. Horizontal lines have slope 0. */
export interface PatternLine {
  readonly at: number;
  readonly level: number;
  readonly slope: number;
}

export interface ChartPattern {
  readonly type: ChartPatternType;
  readonly bias: PatternBias;
  /** Defining points, ordered by bar index. */
  readonly points: readonly PatternPoint[];
  /** Bar at which the last defining point became known (= max `knownAt` of the points). */
  readonly detectedAt: number;
  /** Pattern height used for the measured move (price units). */
  readonly height: number;
  /** Line a close must cross in the bias direction to confirm; anchored at `detectedAt`. */
  readonly breakout: PatternLine;
  /** Line whose crossing against the bias invalidates a forming pattern; anchored at `detectedAt`. */
  readonly invalidation: PatternLine;
  /** Measured-move target: breakout level at `detectedAt` ± `height` (± pole length for flags). */
  readonly target: number;
  /** Last bar at which a forming pattern may still break out. */
  readonly expiresAt: number;
  /** State after the last processed bar. */
  readonly state: PatternState;
  /** Every state transition, oldest first; the first is always `forming` at `detectedAt`. */
  readonly events: readonly LifecycleEvent[];
}

export interface ChartPatternResult {
  /** Primary swings (threshold `swingThresholdAtr`) used by every pattern except flags and pennants. */
  readonly swings: readonly Swing[];
  /** Finer swings (threshold `flagSwingThresholdAtr`) used by flags and pennants. */
  readonly flagSwings: readonly Swing[];
  /** Patterns in the order they were detected. */
  readonly patterns: readonly ChartPattern[];
}

/** Bar series the pattern engine reads. All arrays have the same length and are not mutated. */
export interface OhlcSeries {
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/** Pattern families; a detection only competes with live patterns of its own family. */
export type PatternFamily = 'top' | 'bottom' | 'trendline' | 'flag';

/** A detected pattern before its lifecycle is run (internal to the engine). */
export interface PatternDraft {
  readonly type: ChartPatternType;
  readonly family: PatternFamily;
  readonly bias: PatternBias;
  readonly points: readonly PatternPoint[];
  readonly detectedAt: number;
  readonly height: number;
  readonly breakout: PatternLine;
  readonly invalidation: PatternLine;
  readonly target: number;
  readonly expiresAt: number;
}
