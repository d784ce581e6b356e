/**
 * Cross-check against scipy (test/oracle/portfolio_optim.py, numpy 1.24 / scipy 1.10): SLSQP for the mean-variance problems, L-BFGS-B on Spinu's convex problem for
 * ERC, scipy.cluster.hierarchy for HRP, linprog (HiGHS) for min CVaR, and transcriptions of
 * scikit-learn's ledoit_wolf_shrinkage and Ledoit–Wolf covCor.m for the shrinkage estimators.
 * Data: daily returns from Pooksoft `adjusted_close`, 12 tickers, the last 750 common days, with fixed
 * targets a little above the minimum-variance portfolio (test/golden/python-inputs.ts
 * `portfolioProblem`). The scipy results are golden values (test/golden/python/portfolio-optim.gen.json,
 * every value the test compares, with the versions and the SHA-256 of the inputs; regenerate with
 * `npm run golden:python -w packages/analytics`); this test runs no Python.
 * Tolerances: estimators 1e-10 relative; optimisers compare objectives (ours must be at least as
 * good as SLSQP's within 1e-9 relative) and weights within 2e-4 (SLSQP's own accuracy); HRP
 * order exactly, weights 1e-12; ERC weights 1e-7; min CVaR objective within 1e-10 of HiGHS.
 */

import { describe, expect, it } from 'vitest';
import {
  efficientReturnPortfolio,
  efficientRiskPortfolio,
  equalRiskContributionPortfolio,
  hierarchicalRiskParityPortfolio,
  ledoitWolfCovariance,
  maximumSharpePortfolio,
  meanReturns,
  minimumCvarPortfolio,
  minimumVariancePortfolio,
  sampleCovarianceMatrix,
  scenarioCvar,
} from '../../src/portfolio/index.js';
import { dot } from '../../src/portfolio/matrix.js';
import { golden } from '../golden/python-golden.js';
import { portfolioCase, portfolioProblem } from '../golden/python-inputs.js';

interface Oracle {
  sample_covariance: number[][];
  mean: number[];
  lw_identity: number[][];
  lw_identity_shrinkage: number;
  lw_constant_correlation: number[][];
  lw_constant_correlation_shrinkage: number;
  min_variance: number[];
  max_sharpe: number[];
  efficient_return: number[];
  efficient_risk: number[];
  erc: number[];
  hrp: number[];
  hrp_order: number[];
  min_cvar: number[];
  min_cvar_objective: number;
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}
function matrixRelDiff(a: readonly Float64Array[], b: number[][]): number {
  let m = 0;
  a.forEach((row, i) => {
    row.forEach((v, j) => {
      m = Math.max(m, Math.abs(v - b[i]![j]!) / Math.max(1e-300, Math.abs(b[i]![j]!)));
    });
  });
  return m;
}
const quad = (cov: readonly Float64Array[], w: ArrayLike<number>) =>
  cov.reduce((s, row, i) => s + w[i]! * dot(row, w), 0);

describe('portfolio engine agrees with scipy on real returns', () => {
  const problem = portfolioProblem();
  const { cols, lower, upper, targetReturn, targetVolatility } = problem;
  const T = cols[0]!.length;
  const bounds = { lower, upper };
  const cov = sampleCovarianceMatrix(cols);
  const mu = meanReturns(cols);
  const rf = problem.riskFree;
  const minVar = minimumVariancePortfolio(cov, { bounds, expectedReturns: mu });
  const oracle = golden<Oracle>(portfolioCase(problem));

  it('uses 12 tickers × 750 days, and targets just beyond the minimum-variance portfolio', () => {
    expect(cols).toHaveLength(12);
    expect(T).toBe(750);
    // The efficient-return and efficient-risk constraints bind only above the minimum-variance point.
    expect(targetReturn).toBeGreaterThan(minVar.expectedReturn);
    expect(targetVolatility).toBeGreaterThan(minVar.volatility);
  });

  it('sample and Ledoit–Wolf covariances match numpy / the reference formulas', () => {
    expect(matrixRelDiff(cov, oracle.sample_covariance)).toBeLessThan(1e-10);
    const li = ledoitWolfCovariance(cols, 'identity');
    expect(li.shrinkage).toBeCloseTo(oracle.lw_identity_shrinkage, 10);
    expect(matrixRelDiff(li.covariance, oracle.lw_identity)).toBeLessThan(1e-10);
    const lc = ledoitWolfCovariance(cols, 'constant_correlation');
    expect(lc.shrinkage).toBeGreaterThan(0);
    expect(lc.shrinkage).toBeCloseTo(oracle.lw_constant_correlation_shrinkage, 10);
    expect(matrixRelDiff(lc.covariance, oracle.lw_constant_correlation)).toBeLessThan(1e-10);
  });

  it('minimum variance: no worse than SLSQP, same weights', () => {
    expect(minVar.volatility ** 2).toBeLessThanOrEqual(quad(cov, oracle.min_variance) * (1 + 1e-9));
    expect(maxAbsDiff(minVar.weights, oracle.min_variance)).toBeLessThan(2e-4);
  });

  it('maximum Sharpe: no worse than SLSQP, same weights', () => {
    const p = maximumSharpePortfolio(cov, mu, { bounds, riskFree: rf });
    const sharpe = (w: ArrayLike<number>) => (dot(mu, w) - rf) / Math.sqrt(quad(cov, w));
    expect(sharpe(p.weights)).toBeGreaterThanOrEqual(sharpe(oracle.max_sharpe) * (1 - 1e-9));
    expect(maxAbsDiff(p.weights, oracle.max_sharpe)).toBeLessThan(2e-4);
  });

  it('efficient return and efficient risk match SLSQP', () => {
    const er = efficientReturnPortfolio(cov, mu, targetReturn, { bounds });
    expect(er.volatility ** 2).toBeLessThanOrEqual(quad(cov, oracle.efficient_return) * (1 + 1e-9));
    expect(maxAbsDiff(er.weights, oracle.efficient_return)).toBeLessThan(2e-4);
    const ek = efficientRiskPortfolio(cov, mu, targetVolatility, { bounds });
    expect(ek.volatility).toBeLessThanOrEqual(targetVolatility * (1 + 1e-9));
    expect(ek.expectedReturn).toBeGreaterThanOrEqual(
      dot(mu, oracle.efficient_risk) - 1e-9 * Math.abs(ek.expectedReturn),
    );
    expect(maxAbsDiff(ek.weights, oracle.efficient_risk)).toBeLessThan(2e-4);
  });

  it('ERC matches the L-BFGS-B solution of the log-barrier problem', () => {
    expect(maxAbsDiff(equalRiskContributionPortfolio(cov).weights, oracle.erc)).toBeLessThan(1e-7);
  });

  it('HRP matches the paper code run on scipy linkage (same leaf order, same weights)', () => {
    const h = hierarchicalRiskParityPortfolio(cov);
    expect(h.order).toEqual(oracle.hrp_order);
    expect(maxAbsDiff(h.weights, oracle.hrp)).toBeLessThan(1e-12);
  });

  it('minimum CVaR (our dense simplex) reaches the HiGHS LP optimum within 1e-10', () => {
    const scen = cols.map((c) => c.slice(T - problem.cvarScenarios));
    const p = minimumCvarPortfolio(scen, { confidence: problem.cvarConfidence, bounds });
    expect(Math.abs(p.cvar - oracle.min_cvar_objective)).toBeLessThan(1e-10);
    // The LP objective is the CVaR of the returned weights (no slack left in u, ζ).
    expect(scenarioCvar(scen, p.weights, 0.95)).toBeCloseTo(p.cvar, 12);
    expect(scenarioCvar(scen, oracle.min_cvar, 0.95)).toBeCloseTo(oracle.min_cvar_objective, 9);
  });
});
