import type { ParamSpec, ParamValues } from '../registry/types.js';
import type { RiskFree } from './conventions.js';

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
