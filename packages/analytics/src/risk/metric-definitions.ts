import { BENCHMARK_METRICS } from './definitions/benchmark-metrics.js';
import { DRAWDOWN_METRICS } from './definitions/drawdown-metrics.js';
import { RATIO_METRICS } from './definitions/ratio-metrics.js';
import { RETURN_METRICS } from './definitions/return-metrics.js';
import { TAIL_METRICS } from './definitions/tail-metrics.js';
import type { RiskMetricMeta } from './metric-types.js';

/** Every metric definition, in catalogue order (one file per family under definitions/). */
export const RISK_METRIC_DEFINITIONS: readonly RiskMetricMeta[] = [
  ...RETURN_METRICS,
  ...RATIO_METRICS,
  ...DRAWDOWN_METRICS,
  ...TAIL_METRICS,
  ...BENCHMARK_METRICS,
];
