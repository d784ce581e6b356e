import type { ChartPatternType } from './types.js';

/** Every chart pattern type, for catalogues and API enums (same order as the docs table). */
export const CHART_PATTERN_TYPES: readonly ChartPatternType[] = [
  'double_top',
  'double_bottom',
  'triple_top',
  'triple_bottom',
  'head_and_shoulders',
  'inverse_head_and_shoulders',
  'ascending_triangle',
  'descending_triangle',
  'symmetric_triangle',
  'rising_wedge',
  'falling_wedge',
  'channel_up',
  'channel_down',
  'channel_horizontal',
  'flag',
  'pennant',
];

/** Lifecycle states in order of progress. */
export const PATTERN_STATES = ['forming', 'confirmed', 'invalidated', 'target_hit'] as const;
