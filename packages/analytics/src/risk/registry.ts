import type { ParamSpec, ParamValues } from '../registry/types.js';
import { validateParams } from '../registry/validate.js';
import { RISK_METRIC_DEFINITIONS } from './metric-definitions.js';
import type { RiskMetricInput, RiskMetricMeta } from './metric-types.js';

export type { RiskMetricInput, RiskMetricMeta, RiskMetricUnit } from './metric-types.js';

/** Every risk metric, in catalogue order. */
export const RISK_METRICS: readonly RiskMetricMeta[] = RISK_METRIC_DEFINITIONS;

const BY_CODE = new Map(RISK_METRICS.map((m) => [m.code, m]));

/** Metric by code, or undefined. */
export function findRiskMetric(code: string): RiskMetricMeta | undefined {
  return BY_CODE.get(code);
}

/** Every parameter some metric takes, once each (the metrics that share one share its spec). */
export const RISK_PARAMS: readonly ParamSpec[] = [
  ...new Map(RISK_METRICS.flatMap((m) => m.params).map((p) => [p.name, p] as const)).values(),
];

/**
 * Validates parameters for a set of metrics the way indicator parameters are validated: names no metric
 * takes and out-of-range values are errors. Throws a RangeError naming every problem.
 */
export function checkRiskParams(
  params: ParamValues,
  metrics: readonly RiskMetricMeta[] = RISK_METRICS,
): void {
  const specs = [...new Map(metrics.flatMap((m) => m.params).map((p) => [p.name, p] as const)).values()];
  const r = validateParams(specs, params);
  if (!r.ok)
    throw new RangeError(
      `risk metric parameters: ${r.errors.map((e) => `${e.param}: ${e.message}`).join('; ')}`,
    );
}

/** Parameter values completed with the metric's defaults (names it does not take are left out). */
export function riskMetricParams(meta: RiskMetricMeta, params: ParamValues = {}): ParamValues {
  const out: Record<string, number | string> = {};
  for (const p of meta.params) out[p.name] = params[p.name] ?? p.default;
  return out;
}

/**
 * Computes every metric that the input supports (benchmark metrics only when a benchmark is given).
 * Parameters are checked first (`checkRiskParams`): an unknown name or a value out of range throws.
 */
export function computeRiskMetrics(
  input: RiskMetricInput,
  params: ParamValues = {},
  metrics: readonly RiskMetricMeta[] = RISK_METRICS,
): Record<string, number> {
  checkRiskParams(params, metrics);
  const out: Record<string, number> = {};
  for (const m of metrics) {
    if (m.requiresBenchmark && input.benchmark === undefined) continue;
    out[m.code] = m.compute(input, riskMetricParams(m, params));
  }
  return out;
}
