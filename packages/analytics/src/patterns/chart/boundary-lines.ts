import type { Swing } from '../swings/types.js';
import { fitLine, lineAt, maxResidual, patternPoint } from './lines.js';
import type { ChartPatternParams } from './options.js';
import type { ChartPatternType, PatternBias, PatternDraft, PatternLine } from './types.js';

export type LineDirection = 'up' | 'down' | 'flat';
export type BoundaryShape = 'converging' | 'parallel' | 'diverging';

/** Upper and lower least-squares lines through the last `trendlinePivots` swings ending at swing `i`. */
export interface Boundaries {
  readonly first: number;
  readonly window: readonly Swing[];
  readonly t: number;
  readonly upper: PatternLine;
  readonly lower: PatternLine;
  readonly upperDir: LineDirection;
  readonly lowerDir: LineDirection;
  readonly shape: BoundaryShape;
  /** Vertical distance between the lines at the first and the last swing. */
  readonly gapStart: number;
  readonly gapEnd: number;
  /** Bar where the lines cross (Infinity unless they converge). */
  readonly apex: number;
  /** True when the window opens with a swing high, i.e. price entered the pattern rising. */
  readonly enteredRising: boolean;
}

/**
 * Fits the boundary lines; null unless every swing lies within `lineToleranceAtr` of its line, the window
 * spans `minPatternBars`..`maxPatternBars` and the opening gap is at least `minHeightAtr`.
 */
export function fitBoundaries(
  swings: readonly Swing[],
  i: number,
  atr: Float64Array,
  p: ChartPatternParams,
): Boundaries | null {
  const k = p.trendlinePivots;
  if (i < k - 1) return null;
  const first = i - k + 1;
  const x0 = swings[first]!.index;
  const xe = swings[i]!.index;
  const width = xe - x0;
  if (width < p.minPatternBars || width > p.maxPatternBars) return null;
  const window = swings.slice(first, i + 1);
  const t = swings[i]!.knownAt;
  const unit = atr[t]!;
  const highs = window.filter((s) => s.kind === 'high');
  const lows = window.filter((s) => s.kind === 'low');
  const upper = fitLine(highs, t);
  const lower = fitLine(lows, t);
  const tol = p.lineToleranceAtr * unit;
  if (maxResidual(highs, upper) > tol || maxResidual(lows, lower) > tol) return null;
  const gapStart = lineAt(upper, x0) - lineAt(lower, x0);
  const gapEnd = lineAt(upper, xe) - lineAt(lower, xe);
  if (gapStart < p.minHeightAtr * unit || !(gapEnd > 0)) return null;
  const ratio = gapEnd / gapStart;
  const shape: BoundaryShape =
    ratio <= p.convergingMaxRatio
      ? 'converging'
      : Math.abs(ratio - 1) <= p.parallelMaxDeviation
        ? 'parallel'
        : 'diverging';
  const direction = (slope: number): LineDirection => {
    const drift = slope * width;
    return Math.abs(drift) < p.flatToleranceAtr * unit ? 'flat' : drift > 0 ? 'up' : 'down';
  };
  const apex =
    shape === 'converging'
      ? t + (lower.level - upper.level) / (upper.slope - lower.slope)
      : Number.POSITIVE_INFINITY;
  return {
    first,
    window,
    t,
    upper,
    lower,
    upperDir: direction(upper.slope),
    lowerDir: direction(lower.slope),
    shape,
    gapStart,
    gapEnd,
    apex,
    enteredRising: window[0]!.kind === 'high',
  };
}

/**
 * Draft for a boundary pattern: a bullish pattern breaks out through the upper line and is invalidated
 * through the lower one (bearish: the reverse); target = breakout line at detection ± opening gap. A
 * converging pattern expires at its apex if that comes before `maxBreakoutBars`; none is reported once
 * the apex has passed.
 */
export function boundaryDraft(
  b: Boundaries,
  type: ChartPatternType,
  bias: PatternBias,
  p: ChartPatternParams,
): PatternDraft | null {
  const apexBar = Math.floor(b.apex);
  if (apexBar <= b.t) return null;
  const bullish = bias === 'bullish';
  const breakout = bullish ? b.upper : b.lower;
  let u = 0;
  let l = 0;
  const points = b.window.map((s, j) =>
    patternPoint(s.kind === 'high' ? `upper_${++u}` : `lower_${++l}`, b.first + j, s),
  );
  return {
    type,
    family: 'trendline',
    bias,
    points,
    detectedAt: b.t,
    height: b.gapStart,
    breakout,
    invalidation: bullish ? b.lower : b.upper,
    target: bullish ? breakout.level + b.gapStart : breakout.level - b.gapStart,
    expiresAt: Math.min(b.t + p.maxBreakoutBars, apexBar),
  };
}
