/** Shared expectations for chart-pattern tests, derived from definitions rather than from engine output. */
import type { ChartPattern, ChartPatternResult, ChartPatternType } from '../../src/patterns/chart/types.js';
import type { Bars } from './chart-fixtures.js';

/**
 * Bar at which a swing extreme at `index` becomes known by the zig-zag definition: the first later bar at
 * which the move away from it reaches `thresholdAtr × atr[bar]` (atr from an independent oracle).
 */
export function knownAtByDefinition(
  bars: Bars,
  atr: Float64Array,
  index: number,
  kind: 'high' | 'low',
  thresholdAtr: number,
): number {
  const extreme = kind === 'high' ? bars.high[index]! : bars.low[index]!;
  let counter = kind === 'high' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  for (let j = index + 1; j < bars.close.length; j++) {
    counter = kind === 'high' ? Math.min(counter, bars.low[j]!) : Math.max(counter, bars.high[j]!);
    if (Math.abs(extreme - counter) >= thresholdAtr * atr[j]!) return j;
  }
  return -1;
}

export function findPattern(
  result: ChartPatternResult,
  type: ChartPatternType,
  firstIndex: number,
): ChartPattern | undefined {
  return result.patterns.find((p) => p.type === type && p.points[0]!.index === firstIndex);
}

export const MIRRORED_TYPE: Readonly<Record<ChartPatternType, ChartPatternType>> = {
  double_top: 'double_bottom',
  double_bottom: 'double_top',
  triple_top: 'triple_bottom',
  triple_bottom: 'triple_top',
  head_and_shoulders: 'inverse_head_and_shoulders',
  inverse_head_and_shoulders: 'head_and_shoulders',
  ascending_triangle: 'descending_triangle',
  descending_triangle: 'ascending_triangle',
  symmetric_triangle: 'symmetric_triangle',
  rising_wedge: 'falling_wedge',
  falling_wedge: 'rising_wedge',
  channel_up: 'channel_down',
  channel_down: 'channel_up',
  channel_horizontal: 'channel_horizontal',
  flag: 'flag',
  pennant: 'pennant',
};
