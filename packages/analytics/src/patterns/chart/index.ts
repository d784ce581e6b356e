export { CHART_PATTERN_TYPES, PATTERN_STATES } from './chart-pattern-types.js';
export { chartPatternsAsOf } from './chart-patterns-as-of.js';
export { detectChartPatterns } from './detect-chart-patterns.js';
export { CHART_PATTERN_FAMILY } from './family.js';
export { lineAt } from './lines.js';
export {
  CHART_PATTERN_DEFAULTS,
  CHART_PATTERN_PARAMS,
  type ChartPatternOptions,
  type ChartPatternParams,
  resolveChartPatternOptions,
} from './options.js';
export type {
  ChartPattern,
  ChartPatternResult,
  ChartPatternType,
  LifecycleEvent,
  LifecycleReason,
  OhlcSeries,
  PatternBias,
  PatternLine,
  PatternPoint,
  PatternState,
} from './types.js';
