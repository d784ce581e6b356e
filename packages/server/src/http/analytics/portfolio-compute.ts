import {
  analyzePortfolio,
  type CovarianceMethod,
  efficientFrontier,
  equalRiskContributionPortfolio,
  equalWeights,
  hierarchicalRiskParityPortfolio,
  inverseVolatilityWeights,
  type Matrix,
  maximumSharpePortfolio,
  meanReturns,
  minimumCvarPortfolio,
  minimumVariancePortfolio,
  type PortfolioOptimiser,
  RISK_METRICS,
  riskContributions,
} from '@bellwether/analytics';
import { zeroIfNoise } from '../../market/reference/price-increment.js';

/** Historical scenarios the min-CVaR linear programme uses at most (its size grows with them). */
const MAX_CVAR_SCENARIOS = 756;

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** What the portfolio endpoint computes from, once its series are loaded and aligned (structured-clonable). */
export interface PortfolioComputeInput {
  readonly tickers: readonly string[];
  readonly units: 'weights' | 'quantities';
  /** Weights (units=weights) or share quantities, per ticker. */
  readonly amounts: readonly number[];
  /** Simple daily returns per holding, on the shared dates (the first date has none). */
  readonly cols: readonly Float64Array[];
  /** Closes per holding on the shared dates (units=quantities). */
  readonly prices: readonly Float64Array[];
  readonly benchmark?: Float64Array;
  readonly riskFreeAnnual: number;
  readonly confidence: number;
  readonly covariance: CovarianceMethod;
  readonly optimisers: readonly PortfolioOptimiser[];
  readonly bounds: { readonly lower: number; readonly upper: number };
  readonly frontierPoints?: number;
}

/**
 * The portfolio's metrics, covariance, risk contributions, optimised portfolios and frontier, as the
 * endpoint sends them. Pure and synchronous, and heavy enough (an LP per min-CVaR, a QP per frontier
 * point) that the endpoint runs it on a worker thread (`compute-pool.ts`), never on the event loop.
 */
export function computePortfolio(x: PortfolioComputeInput) {
  const rf = x.riskFreeAnnual / 252;
  const analysis = analyzePortfolio({
    holdings:
      x.units === 'weights'
        ? { kind: 'weights', weights: [...x.amounts], assetReturns: [...x.cols] }
        : { kind: 'quantities', quantities: [...x.amounts], assetPrices: [...x.prices] },
    ...(x.benchmark === undefined ? {} : { benchmark: x.benchmark }),
    riskFree: rf,
    params: { confidence: x.confidence, periods_per_year: 252 },
    covariance:
      x.covariance === 'sample'
        ? 'sample'
        : x.covariance === 'ledoit_wolf'
          ? 'constant_correlation'
          : 'identity',
  });
  const cov = analysis.covariance;
  const rc = analysis.riskContributions;
  const mu = meanReturns([...x.cols]);
  const input: OptimiserInput = {
    cov,
    mu,
    cols: x.cols,
    rf,
    bounds: x.bounds,
    confidence: x.confidence,
    tickers: x.tickers,
  };
  return {
    observations: analysis.returns.length,
    holdings: x.tickers.map((t, i) => ({
      ticker: t,
      weight: analysis.weights[i] as number,
      marginal_risk: num(rc.marginal[i] as number),
      risk_contribution: num((rc.component[i] as number) / rc.volatility),
    })),
    metrics: RISK_METRICS.map((m) => {
      const v = analysis.metrics[m.code];
      return { code: m.code, value: v !== undefined && Number.isFinite(v) ? v : null };
    }),
    covariance: cov.map((r) => Array.from(r, num)),
    correlation: analysis.correlation.map((r) => Array.from(r, num)),
    optimized: x.optimisers.map((method) => runOptimiser(method, input)),
    frontier:
      x.frontierPoints === undefined ? undefined : frontier(cov, mu, x.frontierPoints, x.bounds, x.tickers),
  };
}

interface OptimiserInput {
  readonly cov: Matrix;
  readonly mu: Float64Array;
  readonly cols: readonly Float64Array[];
  readonly rf: number;
  readonly bounds: { lower: number; upper: number };
  readonly confidence: number;
  readonly tickers: readonly string[];
}

function describe(method: string, w: Float64Array, x: OptimiserInput, extra: Record<string, unknown> = {}) {
  const rc = riskContributions(w, x.cov);
  let ret = 0;
  for (let i = 0; i < w.length; i++) ret += (w[i] as number) * (x.mu[i] as number);
  return {
    method,
    available: true,
    weights: Object.fromEntries(x.tickers.map((t, i) => [t, zeroIfNoise(w[i] as number)])),
    annual_volatility: num(rc.volatility * Math.sqrt(252)),
    // The mean daily return × 252, as the optimisers use it; not the CAGR that metrics.annual_return is.
    expected_annual_return: num(ret * 252),
    ...extra,
  };
}

function runOptimiser(method: PortfolioOptimiser, x: OptimiserInput) {
  const options = { bounds: x.bounds };
  try {
    switch (method) {
      case 'min_variance':
        return describe(method, minimumVariancePortfolio(x.cov, options).weights, x);
      case 'max_sharpe':
        return describe(
          method,
          maximumSharpePortfolio(x.cov, x.mu, { ...options, riskFree: x.rf }).weights,
          x,
        );
      case 'min_cvar': {
        const t = x.cols[0]?.length ?? 0;
        const scenarios = x.cols.map((c) => c.subarray(Math.max(0, t - MAX_CVAR_SCENARIOS)));
        const r = minimumCvarPortfolio(scenarios, { ...options, confidence: x.confidence });
        return describe(method, r.weights, x, {
          scenarios: scenarios[0]?.length ?? 0,
          daily_cvar: num(r.cvar),
          daily_var: num(r.valueAtRisk),
        });
      }
      case 'equal_risk':
        return describe(method, equalRiskContributionPortfolio(x.cov).weights, x, {
          bounds: 'long-only, unbounded',
        });
      case 'hrp':
        return describe(method, hierarchicalRiskParityPortfolio(x.cov).weights, x, {
          bounds: 'long-only, unbounded',
        });
      case 'inverse_volatility':
        return describe(method, inverseVolatilityWeights(x.cov), x, { bounds: 'long-only, unbounded' });
      case 'equal_weight':
        return describe(method, equalWeights(x.tickers.length), x, { bounds: 'none' });
    }
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    return { method, available: false, reason: e.message };
  }
}

function frontier(
  cov: Matrix,
  mu: Float64Array,
  points: number,
  bounds: { lower: number; upper: number },
  tickers: readonly string[],
) {
  try {
    return efficientFrontier(cov, mu, points, { bounds }).map((pt) => ({
      annual_volatility: num(pt.volatility * Math.sqrt(252)),
      expected_annual_return: num(pt.expectedReturn * 252),
      weights: Object.fromEntries(tickers.map((t, i) => [t, pt.weights[i] as number])),
    }));
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    return { available: false, reason: e.message };
  }
}
