/** Small portfolio cases with closed-form answers (derivations in the comments). */
import { describe, expect, it } from 'vitest';
import {
  analyzePortfolio,
  correlationFromCovariance,
  equalWeights,
  inverseVolatilityWeights,
  ledoitWolfCovariance,
  maximumSharpePortfolio,
  minimumVariancePortfolio,
  portfolioReturnsFromQuantities,
  portfolioReturnsFromWeights,
  riskContributions,
  sampleCovarianceMatrix,
  solveLinearProgram,
  weightsFromQuantities,
} from '../../src/portfolio/index.js';
import { computeRiskMetrics } from '../../src/risk/index.js';

const f = (...x: number[]) => Float64Array.from(x);
// σ1 = 0.2, σ2 = 0.3, ρ = 0.1 → σ12 = 0.006.
const COV = [f(0.04, 0.006), f(0.006, 0.09)];

describe('two-asset closed forms', () => {
  it('minimum variance: w1 = (σ2² − σ12) / (σ1² + σ2² − 2σ12)', () => {
    const w1 = (0.09 - 0.006) / (0.04 + 0.09 - 0.012);
    const p = minimumVariancePortfolio(COV);
    expect(p.weights[0]).toBeCloseTo(w1, 12);
    expect(p.weights[1]).toBeCloseTo(1 - w1, 12);
  });
  it('a binding upper bound moves the excess to the other asset', () => {
    expect(minimumVariancePortfolio(COV, { bounds: { upper: 0.6 } }).weights[0]).toBeCloseTo(0.6, 12);
  });
  it('maximum Sharpe: w ∝ Σ⁻¹(μ − rf) when that is long-only', () => {
    const mu = f(0.08, 0.12);
    const rf = 0.02;
    // Σ⁻¹ ∝ [[0.09, −0.006], [−0.006, 0.04]] (det > 0); excess [0.06, 0.10].
    const z = [0.09 * 0.06 - 0.006 * 0.1, -0.006 * 0.06 + 0.04 * 0.1];
    const s = z[0]! + z[1]!;
    const p = maximumSharpePortfolio(COV, mu, { riskFree: rf });
    expect(p.weights[0]).toBeCloseTo(z[0]! / s, 12);
    expect(p.weights[1]).toBeCloseTo(z[1]! / s, 12);
  });
  it('short positions within finite bounds: tangency w ∝ Σ⁻¹(μ − rf) = (−0.0006, 0.004)', () => {
    const p = maximumSharpePortfolio(COV, f(0.02, 0.12), { riskFree: 0.02, bounds: { lower: -1, upper: 2 } });
    expect(p.weights[0]).toBeCloseTo(-0.0006 / 0.0034, 12);
    expect(p.weights[1]).toBeCloseTo(0.004 / 0.0034, 12);
    expect(() => minimumVariancePortfolio(COV, { bounds: { lower: Number.NEGATIVE_INFINITY } })).toThrow(
      /finite/,
    );
    expect(() => minimumVariancePortfolio(COV, { bounds: { upper: 0.4 } })).toThrow(/fully invested/);
  });
  it('inverse volatility is (1/0.2, 1/0.3) normalised = (0.6, 0.4); equal weight is 1/n', () => {
    expect(Array.from(inverseVolatilityWeights(COV))).toEqual([
      expect.closeTo(0.6, 12),
      expect.closeTo(0.4, 12),
    ]);
    expect(Array.from(equalWeights(4))).toEqual([0.25, 0.25, 0.25, 0.25]);
  });
  it('risk contributions: marginal Σw/σ, components sum to σ, percentages to 1', () => {
    const w = f(0.5, 0.5);
    // Σw = [0.023, 0.048]; wᵀΣw = 0.0355.
    const rc = riskContributions(w, COV);
    const sigma = Math.sqrt(0.0355);
    expect(rc.volatility).toBeCloseTo(sigma, 14);
    expect(rc.marginal[0]).toBeCloseTo(0.023 / sigma, 14);
    expect(rc.component[0]! + rc.component[1]!).toBeCloseTo(sigma, 14);
    expect(rc.percent[1]).toBeCloseTo((0.5 * 0.048) / 0.0355, 14);
  });
  it('correlation from covariance', () => {
    expect(correlationFromCovariance(COV)[0]![1]).toBeCloseTo(0.1, 14);
  });
});

describe('covariance estimators', () => {
  it('sample covariance divides by T − 1', () => {
    // x = [1, 2, 3], y = [2, 4, 7]: means 2, 13/3; Σ(dx·dy) = (−1)(−7/3) + 0 + (1)(8/3) = 5.
    expect(sampleCovarianceMatrix([f(1, 2, 3), f(2, 4, 7)])[0]![1]).toBeCloseTo(5 / 2, 14);
  });
  it('Ledoit–Wolf keeps the diagonal for the constant-correlation target and the trace for identity', () => {
    const cols = [
      f(0.01, -0.02, 0.015, 0.003, -0.007),
      f(0.02, -0.01, 0.005, -0.004, 0.001),
      f(0, 0.01, -0.02, 0.01, 0.002),
    ];
    const s = sampleCovarianceMatrix(cols, 0);
    const cc = ledoitWolfCovariance(cols, 'constant_correlation');
    for (let i = 0; i < 3; i++) expect(cc.covariance[i]![i]).toBeCloseTo(s[i]![i]!, 15);
    const id = ledoitWolfCovariance(cols, 'identity');
    const tr = (m: readonly Float64Array[]) => m.reduce((a, r, i) => a + r[i]!, 0);
    expect(tr(id.covariance)).toBeCloseTo(tr(s), 15);
    for (const r of [cc, id]) {
      expect(r.shrinkage).toBeGreaterThanOrEqual(0);
      expect(r.shrinkage).toBeLessThanOrEqual(1);
    }
  });
});

describe('portfolio return series', () => {
  it('weights: Σ w_i r_i per period', () => {
    const r = portfolioReturnsFromWeights([f(0.1, -0.1), f(0, 0.2)], [0.25, 0.75]);
    expect(Array.from(r)).toEqual([expect.closeTo(0.025, 15), expect.closeTo(0.125, 15)]);
  });
  it('quantities: buy-and-hold value returns', () => {
    // Values: 2·10 + 1·50 = 70 → 2·11 + 1·45 = 67 → 2·12 + 1·54 = 78.
    const r = portfolioReturnsFromQuantities([f(10, 11, 12), f(50, 45, 54)], [2, 1]);
    expect(Array.from(r)).toEqual([expect.closeTo(67 / 70 - 1, 15), expect.closeTo(78 / 67 - 1, 15)]);
    expect(Array.from(weightsFromQuantities([12, 54], [2, 1]))).toEqual([
      expect.closeTo(24 / 78, 15),
      expect.closeTo(54 / 78, 15),
    ]);
  });
});

describe('analyzePortfolio', () => {
  const a = Float64Array.from({ length: 120 }, (_, t) => Math.sin(t * 0.7) * 0.01 + 0.0004);
  const b = Float64Array.from({ length: 120 }, (_, t) => Math.cos(t * 0.3) * 0.015);
  const bench = Float64Array.from({ length: 120 }, (_, t) => Math.sin(t * 0.5) * 0.012);
  it('returns the trailing-window series and every registered metric on it', () => {
    const res = analyzePortfolio({
      holdings: { kind: 'weights', weights: [0.6, 0.4], assetReturns: [a, b] },
      benchmark: bench,
      riskFree: 0.0001,
      window: 60,
    });
    const expected = portfolioReturnsFromWeights([a, b], [0.6, 0.4]).slice(60);
    expect(Array.from(res.returns)).toEqual(Array.from(expected));
    expect(res.metrics).toEqual(
      computeRiskMetrics({ returns: expected, benchmark: bench.slice(60), riskFree: 0.0001 }),
    );
    expect(res.covariance[0]![1]).toBeCloseTo(sampleCovarianceMatrix([a.slice(60), b.slice(60)])[0]![1]!, 15);
    expect(res.riskContributions.percent.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 14);
  });
  it('analyses quantities as buy-and-hold value returns with last-price value weights', () => {
    const prices = [f(10, 11, 12, 11.5), f(50, 45, 54, 55)];
    const res = analyzePortfolio({
      holdings: { kind: 'quantities', quantities: [2, 1], assetPrices: prices },
    });
    expect(Array.from(res.returns)).toEqual(Array.from(portfolioReturnsFromQuantities(prices, [2, 1])));
    // Last row: 2·11.5 = 23 and 55 → weights 23/78, 55/78.
    expect(res.weights[0]).toBeCloseTo(23 / 78, 15);
    expect(res.metrics['cumulative_return']).toBeCloseTo(78 / 70 - 1, 14);
  });
  it('rejects a misaligned benchmark', () => {
    expect(() =>
      analyzePortfolio({
        holdings: { kind: 'weights', weights: [1, 0], assetReturns: [a, b] },
        benchmark: bench.slice(1),
      }),
    ).toThrow(/aligned/);
  });
});

describe('dense simplex', () => {
  it('solves a textbook LP: max 3x + 5y s.t. x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18 → (2, 6), 36', () => {
    // Standard form with slacks s1..s3 (Hillier & Lieberman's Wyndor Glass example).
    const r = solveLinearProgram({
      c: [-3, -5, 0, 0, 0],
      A: [
        [1, 0, 1, 0, 0],
        [0, 2, 0, 1, 0],
        [3, 2, 0, 0, 1],
      ],
      b: [4, 12, 18],
    });
    expect(r.status).toBe('optimal');
    if (r.status !== 'optimal') return;
    expect(r.objective).toBeCloseTo(-36, 12);
    expect(r.x[0]).toBeCloseTo(2, 12);
    expect(r.x[1]).toBeCloseTo(6, 12);
  });
  it('needs phase 1 for equality rows and reports infeasible / unbounded problems', () => {
    // min x + y s.t. x + y = 2, x − y = 0 → x = y = 1.
    const ok = solveLinearProgram({
      c: [1, 1],
      A: [
        [1, 1],
        [1, -1],
      ],
      b: [2, 0],
    });
    expect(ok.status === 'optimal' && Array.from(ok.x)).toEqual([
      expect.closeTo(1, 12),
      expect.closeTo(1, 12),
    ]);
    expect(
      solveLinearProgram({
        c: [1, 1],
        A: [
          [1, 1],
          [1, 1],
        ],
        b: [1, 2],
      }).status,
    ).toBe('infeasible');
    expect(solveLinearProgram({ c: [-1, 0], A: [[1, -1]], b: [1] }).status).toBe('unbounded');
  });
});
