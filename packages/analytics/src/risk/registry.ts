import type { ParamSpec, ParamValues } from '../registry/types.js';
import { validateParams } from '../registry/validate.js';
import type { RiskFree } from './conventions.js';
import { RISK_METRIC_DEFINITIONS } from './metric-definitions.js';

/** Inputs of a risk metric: periodic simple returns, optionally a benchmark and a risk-free rate. */
export interface RiskMetricInput {
  readonly returns: Float64Array;
  /** Benchmark returns aligned with `returns` (required when `requiresBenchmark`). */
  readonly benchmark?: Float64Array;
  /** Per-period risk-free rate, constant or aligned (default 0). */
  readonly riskFree?: RiskFree;
}

/** Unit of a metric's value. */
export type RiskMetricUnit = 'decimal' | 'ratio' | 'fraction' | 'periods' | 'index';

export interface RiskMetricMeta {
  /** snake_case identifier used by the API (`sharpe`, `var`, `max_drawdown`). */
  readonly code: string;
  readonly name: string;
  readonly description: string;
  /** Declared convention: annualisation, ddof, sign, how the risk-free rate enters. */
  readonly convention: string;
  readonly unit: RiskMetricUnit;
  readonly requiresBenchmark: boolean;
  readonly params: readonly ParamSpec[];
  /** Computes the metric on the whole input. Inputs are not mutated. */
  compute(input: RiskMetricInput, params: ParamValues): number;
}

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
