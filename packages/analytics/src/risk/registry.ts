import type { ParamSpec, ParamValues } from '../registry/types.js';
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

/** Parameter values completed with the metric's defaults (unknown names are ignored). */
export function riskMetricParams(meta: RiskMetricMeta, params: ParamValues = {}): ParamValues {
  const out: Record<string, number | string> = {};
  for (const p of meta.params) out[p.name] = params[p.name] ?? p.default;
  return out;
}

/** Computes every metric that the input supports (benchmark metrics only when a benchmark is given). */
export function computeRiskMetrics(
  input: RiskMetricInput,
  params: ParamValues = {},
  metrics: readonly RiskMetricMeta[] = RISK_METRICS,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of metrics) {
    if (m.requiresBenchmark && input.benchmark === undefined) continue;
    out[m.code] = m.compute(input, riskMetricParams(m, params));
  }
  return out;
}
