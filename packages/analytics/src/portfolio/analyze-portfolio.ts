import type { ParamValues } from '../registry/types.js';
import type { RiskFree } from '../risk/conventions.js';
import { computeRiskMetrics } from '../risk/registry.js';
import { correlationFromCovariance, sampleCovarianceMatrix } from './covariance.js';
import { ledoitWolfCovariance, type ShrinkageTarget } from './ledoit-wolf.js';
import {
  portfolioReturnsFromQuantities,
  portfolioReturnsFromWeights,
  weightsFromQuantities,
} from './portfolio-returns.js';
import { type RiskContributions, riskContributions } from './risk-contributions.js';

/** Holdings: constant weights over asset returns, or fixed quantities over asset prices. */
export type Holdings =
  | {
      readonly kind: 'weights';
      readonly weights: ArrayLike<number>;
      readonly assetReturns: readonly Float64Array[];
    }
  | {
      readonly kind: 'quantities';
      readonly quantities: ArrayLike<number>;
      readonly assetPrices: readonly Float64Array[];
    };

export interface PortfolioAnalysisInput {
  readonly holdings: Holdings;
  /** Benchmark returns aligned with the portfolio returns (for quantities: one shorter than prices). */
  readonly benchmark?: Float64Array;
  /** Per-period risk-free rate, constant or aligned with the portfolio returns. */
  readonly riskFree?: RiskFree;
  /** Analyse only the trailing `window` return periods (default: all). */
  readonly window?: number;
  /** Metric parameters (periods_per_year, confidence, method, …), registry defaults otherwise. */
  readonly params?: ParamValues;
  /** Covariance estimator: `sample` (ddof = 1) or a Ledoit–Wolf target (default `sample`). */
  readonly covariance?: 'sample' | ShrinkageTarget;
}

export interface PortfolioAnalysis {
  readonly returns: Float64Array;
  /** Every risk metric by code (benchmark metrics only when a benchmark is given). */
  readonly metrics: Record<string, number>;
  readonly covariance: Float64Array[];
  readonly correlation: Float64Array[];
  /** Weights used for risk contributions (for quantities: value weights at the last price row). */
  readonly weights: Float64Array;
  /** Per-period risk decomposition of the window's covariance. */
  readonly riskContributions: RiskContributions;
}

function tail<T extends Float64Array>(x: T, k: number): T {
  return x.subarray(Math.max(0, x.length - k)) as T;
}

/** Portfolio return series, all risk metrics, covariance/correlation and risk contributions. */
export function analyzePortfolio(input: PortfolioAnalysisInput): PortfolioAnalysis {
  const h = input.holdings;
  const full =
    h.kind === 'weights'
      ? portfolioReturnsFromWeights(h.assetReturns, h.weights)
      : portfolioReturnsFromQuantities(h.assetPrices, h.quantities);
  const assetReturns =
    h.kind === 'weights'
      ? h.assetReturns
      : h.assetPrices.map((p) => {
          const r = new Float64Array(p.length - 1);
          for (let k = 1; k < p.length; k++) r[k - 1] = p[k]! / p[k - 1]! - 1;
          return r;
        });
  if (input.benchmark !== undefined && input.benchmark.length !== full.length) {
    throw new RangeError('benchmark must be aligned with the portfolio returns');
  }
  const k = input.window ?? full.length;
  if (!Number.isInteger(k) || k < 2) throw new RangeError('window must be an integer ≥ 2');
  const returns = tail(full, k);
  const cols = assetReturns.map((c) => tail(c, k));
  const rf = input.riskFree;
  const metrics = computeRiskMetrics(
    {
      returns,
      ...(input.benchmark === undefined ? {} : { benchmark: tail(input.benchmark, k) }),
      ...(rf === undefined ? {} : { riskFree: typeof rf === 'number' ? rf : tail(rf, k) }),
    },
    input.params ?? {},
  );
  const estimator = input.covariance ?? 'sample';
  const covariance =
    estimator === 'sample' ? sampleCovarianceMatrix(cols) : ledoitWolfCovariance(cols, estimator).covariance;
  const weights =
    h.kind === 'weights'
      ? Float64Array.from(h.weights)
      : weightsFromQuantities(
          h.assetPrices.map((p) => p[p.length - 1]!),
          h.quantities,
        );
  return {
    returns,
    metrics,
    covariance,
    correlation: correlationFromCovariance(covariance),
    weights,
    riskContributions: riskContributions(weights, covariance),
  };
}
