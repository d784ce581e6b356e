/**
 * Optimality conditions proved on every solution (independent of any reference solver): KKT
 * conditions of the mean-variance QPs, equal risk contributions for ERC, budget and bounds for all.
 * Covariances are built from random factor models (fast-check), so they are positive definite.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  efficientFrontier,
  efficientReturnPortfolio,
  efficientRiskPortfolio,
  equalRiskContributionPortfolio,
  hierarchicalRiskParityPortfolio,
  inverseVolatilityWeights,
  maximumSharpePortfolio,
  minimumCvarPortfolio,
  minimumVariancePortfolio,
  returnRange,
  riskContributions,
  scenarioCvar,
} from '../../src/portfolio/index.js';
import { dot, matVec } from '../../src/portfolio/matrix.js';

/**
 * Σ = BBᵀ + diag(d) from a random n×2 loading matrix and idiosyncratic variances, on a grid of
 * realistic magnitudes (daily-return scale; no subnormal edge cases).
 */
const problemArb = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    loadings: fc.array(
      fc.array(
        fc.integer({ min: -200, max: 200 }).map((v) => v / 1000),
        { minLength: 2, maxLength: 2 },
      ),
      {
        minLength: n,
        maxLength: n,
      },
    ),
    idio: fc.array(
      fc.integer({ min: 4, max: 200 }).map((v) => v / 10_000),
      { minLength: n, maxLength: n },
    ),
    mu: fc.array(
      fc.integer({ min: -200, max: 500 }).map((v) => v / 10_000),
      { minLength: n, maxLength: n },
    ),
    cap: fc.double({ min: 1 / n + 0.05, max: 1, noNaN: true }),
  }),
);

function build(p: { loadings: number[][]; idio: number[]; mu: number[] }) {
  const n = p.idio.length;
  const cov = Array.from({ length: n }, (_, i) =>
    Float64Array.from(
      { length: n },
      (_, j) => dot(p.loadings[i]!, p.loadings[j]!) + (i === j ? p.idio[i]! : 0),
    ),
  );
  return { n, cov, mu: Float64Array.from(p.mu) };
}

function expectBudgetAndBounds(w: Float64Array, upper: number) {
  expect(Math.abs(w.reduce((s, v) => s + v, 0) - 1)).toBeLessThan(1e-9);
  for (const v of w) {
    expect(v).toBeGreaterThanOrEqual(-1e-12);
    expect(v).toBeLessThanOrEqual(upper + 1e-12);
  }
}

/**
 * KKT for min ½wᵀΣw − λ_r μᵀw… with box [0, u] and Σw = 1: there is a multiplier ν such that the
 * gradient g = Σw (+ a μ-term) equals ν on free assets, ≥ ν at the lower bound, ≤ ν at the upper.
 */
function expectBoxKkt(g: Float64Array, w: Float64Array, upper: number, tol: number) {
  const free = [...w.keys()].filter((i) => w[i]! > 1e-7 && w[i]! < upper - 1e-7);
  const nu = free.length > 0 ? g[free[0]!]! : Number.NaN;
  if (free.length === 0) return;
  for (const i of free) expect(Math.abs(g[i]! - nu)).toBeLessThan(tol);
  for (let i = 0; i < w.length; i++) {
    if (w[i]! <= 1e-7) expect(g[i]!).toBeGreaterThanOrEqual(nu - tol);
    if (w[i]! >= upper - 1e-7) expect(g[i]!).toBeLessThanOrEqual(nu + tol);
  }
}

describe('minimum variance', () => {
  it('satisfies the KKT conditions, budget and bounds', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const { cov } = build(p);
        const w = minimumVariancePortfolio(cov, { bounds: { upper: p.cap } }).weights;
        expectBudgetAndBounds(w, p.cap);
        expectBoxKkt(matVec(cov, w), w, p.cap, 1e-10);
      }),
    );
  });
});

describe('efficient return / risk / frontier', () => {
  it('efficient return meets the target and its KKT conditions with a return multiplier', () => {
    fc.assert(
      fc.property(problemArb, fc.double({ min: 0.1, max: 0.9, noNaN: true }), (p, frac) => {
        const { cov, mu } = build(p);
        const lo = minimumVariancePortfolio(cov, {
          bounds: { upper: p.cap },
          expectedReturns: mu,
        }).expectedReturn;
        const hi = efficientFrontier(cov, mu, 2, { bounds: { upper: p.cap } })[1]!.expectedReturn;
        fc.pre(hi - lo > 1e-6);
        const target = lo + frac * (hi - lo);
        const e = efficientReturnPortfolio(cov, mu, target, { bounds: { upper: p.cap } });
        expectBudgetAndBounds(e.weights, p.cap);
        expect(Math.abs(e.expectedReturn - target)).toBeLessThan(1e-10);
        // Any feasible mix of this solution and the min-variance one with the same return is worse.
        const free = [...e.weights.keys()].filter(
          (i) => e.weights[i]! > 1e-7 && e.weights[i]! < p.cap - 1e-7,
        );
        fc.pre(free.length >= 2 && mu[free[0]!] !== mu[free[1]!]);
        // With two free assets, g_i = ν + λ μ_i: solve for (ν, λ) from two and check the rest.
        const g = matVec(cov, e.weights);
        const [a, b] = [free[0]!, free[1]!];
        const lambda = (g[a]! - g[b]!) / (mu[a]! - mu[b]!);
        const h = g.map((gi, i) => gi - lambda * mu[i]!);
        expectBoxKkt(h, e.weights, p.cap, 1e-9);
      }),
    );
  });
  it('efficient risk uses the whole risk budget unless the top-return portfolio is cheaper', () => {
    fc.assert(
      fc.property(problemArb, fc.double({ min: 1.01, max: 2, noNaN: true }), (p, k) => {
        const { cov, mu } = build(p);
        const mv = minimumVariancePortfolio(cov, { bounds: { upper: p.cap } });
        const top = efficientFrontier(cov, mu, 2, { bounds: { upper: p.cap } })[1]!;
        const target = mv.volatility * k;
        const e = efficientRiskPortfolio(cov, mu, target, { bounds: { upper: p.cap } });
        expectBudgetAndBounds(e.weights, p.cap);
        expect(e.volatility).toBeLessThanOrEqual(target * (1 + 1e-9));
        if (top.volatility > target) expect(e.volatility).toBeGreaterThan(target * (1 - 1e-6));
      }),
      { numRuns: 40 },
    );
  });
  it('frontier returns rise and volatilities never fall', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const { cov, mu } = build(p);
        const f = efficientFrontier(cov, mu, 8, { bounds: { upper: p.cap } });
        expect(f).toHaveLength(8);
        for (let i = 1; i < f.length; i++) {
          expect(f[i]!.expectedReturn).toBeGreaterThanOrEqual(f[i - 1]!.expectedReturn - 1e-12);
          expect(f[i]!.volatility).toBeGreaterThanOrEqual(f[i - 1]!.volatility - 1e-10);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('maximum Sharpe', () => {
  it('beats every random feasible long-only portfolio and satisfies budget/bounds', () => {
    fc.assert(
      fc.property(
        problemArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 9, maxLength: 9 }),
        (p, raw) => {
          const { cov, mu, n } = build(p);
          fc.pre(Math.max(...mu) > 1e-4);
          const best = maximumSharpePortfolio(cov, mu);
          expectBudgetAndBounds(best.weights, 1);
          const s = raw.slice(0, n).reduce((a, v) => a + v, 0);
          fc.pre(s > 0);
          const w = Float64Array.from(raw.slice(0, n), (v) => v / s);
          const sharpe = (x: Float64Array) => dot(mu, x) / Math.sqrt(dot(x, matVec(cov, x)));
          expect(sharpe(best.weights)).toBeGreaterThanOrEqual(sharpe(w) - 1e-9);
        },
      ),
    );
  });
  it('satisfies the KKT conditions of max Sharpe under an upper bound (gradient of the ratio)', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const { cov, mu } = build(p);
        const rf = 0.0005;
        const n = mu.length;
        const best = returnRange(mu, new Float64Array(n), new Float64Array(n).fill(p.cap)).max;
        fc.pre(best > rf + 1e-5);
        const w = maximumSharpePortfolio(cov, mu, { riskFree: rf, bounds: { upper: p.cap } }).weights;
        expectBudgetAndBounds(w, p.cap);
        // ∇S = μ̃/σ − (μ̃ᵀw) Σw / σ³; maximisation flips the bound inequalities, so test −∇S.
        const sw = matVec(cov, w);
        const sigma = Math.sqrt(dot(w, sw));
        const ex = dot(w, mu) - rf;
        const g = Float64Array.from(mu, (m, i) => -((m - rf) / sigma - (ex * sw[i]!) / sigma ** 3));
        // At an interior optimum ∇S = 0 (S is scale-free), so scale the tolerance by |μ̃|/σ.
        const scale = Math.max(...Array.from(mu, (m) => Math.abs(m - rf))) / sigma;
        expectBoxKkt(g, w, p.cap, 1e-9 * scale);
      }),
    );
  });
  it('rejects a universe where nothing beats the risk-free rate', () => {
    const cov = [Float64Array.of(0.04, 0), Float64Array.of(0, 0.09)];
    expect(() => maximumSharpePortfolio(cov, Float64Array.of(0.01, 0.02), { riskFree: 0.03 })).toThrow(
      RangeError,
    );
  });
});

describe('risk parity family', () => {
  it('ERC equalises percentage risk contributions to 1e-10', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const { cov, n } = build(p);
        const w = equalRiskContributionPortfolio(cov).weights;
        expectBudgetAndBounds(w, 1);
        for (const pc of riskContributions(w, cov).percent) expect(Math.abs(pc - 1 / n)).toBeLessThan(1e-10);
      }),
    );
  });
  it('ERC honours unequal risk budgets', () => {
    const cov = [
      Float64Array.of(0.04, 0.01, 0),
      Float64Array.of(0.01, 0.09, 0.02),
      Float64Array.of(0, 0.02, 0.0225),
    ];
    const w = equalRiskContributionPortfolio(cov, { budgets: [0.5, 0.3, 0.2] }).weights;
    const pc = riskContributions(w, cov).percent;
    for (const [i, b] of [0.5, 0.3, 0.2].entries()) expect(pc[i]).toBeCloseTo(b, 10);
  });
  it('HRP and inverse volatility are long-only and fully invested; HRP of a diagonal Σ is inverse variance', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const { cov } = build(p);
        expectBudgetAndBounds(hierarchicalRiskParityPortfolio(cov).weights, 1);
        expectBudgetAndBounds(inverseVolatilityWeights(cov), 1);
      }),
    );
    // With zero correlations, each bisection splits by inverse cluster variance = inverse variance.
    const v = [0.01, 0.04, 0.02, 0.09, 0.03];
    const diag = v.map((x, i) => Float64Array.from(v, (_, j) => (i === j ? x : 0)));
    const inv = v.map((x) => 1 / x);
    const total = inv.reduce((a, b) => a + b, 0);
    const hrp = hierarchicalRiskParityPortfolio(diag).weights;
    for (const [i, w] of hrp.entries()) expect(w).toBeCloseTo(inv[i]! / total, 12);
  });
});

describe('minimum CVaR', () => {
  it('is no worse than equal weight or any single asset, and respects bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }).chain((n) =>
          fc.array(
            fc.array(
              fc.integer({ min: -1000, max: 1000 }).map((v) => v / 10_000),
              { minLength: 40, maxLength: 40 },
            ),
            {
              minLength: n,
              maxLength: n,
            },
          ),
        ),
        (raw) => {
          const cols = raw.map((c) => Float64Array.from(c));
          const n = cols.length;
          const p = minimumCvarPortfolio(cols, { confidence: 0.9 });
          expectBudgetAndBounds(p.weights, 1);
          expect(Math.abs(scenarioCvar(cols, p.weights, 0.9) - p.cvar)).toBeLessThan(1e-10);
          expect(p.cvar).toBeLessThanOrEqual(
            scenarioCvar(cols, new Float64Array(n).fill(1 / n), 0.9) + 1e-12,
          );
          for (let i = 0; i < n; i++) {
            const e = new Float64Array(n);
            e[i] = 1;
            expect(p.cvar).toBeLessThanOrEqual(scenarioCvar(cols, e, 0.9) + 1e-10);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  // Scenario sets with many identical (all-zero) rows make the LP highly degenerate; round-off pivots
  // once left the simplex with an infeasible "optimum" (CVaR 2.3e-4 for weights whose CVaR is 3.0e-4;
  // far worse on larger sets). The LP's CVaR must be the CVaR of its weights, and no worse than any
  // single asset, at several confidences.
  it('stays exact on degenerate scenario sets (many identical rows)', () => {
    const singleAssetCase = [
      [0, 3, 995, 0, 0, 0, 0, 0, 995, ...new Array<number>(24).fill(0), 996, 0, 0, 0, 0, 0, -13],
      [...new Array<number>(39).fill(0), -12],
    ].map((c) => Float64Array.from(c, (v) => v / 10_000));
    const p0 = minimumCvarPortfolio(singleAssetCase, { confidence: 0.9 });
    expect(p0.cvar).toBeCloseTo(0.0003, 15);
    expect(Math.abs(scenarioCvar(singleAssetCase, p0.weights, 0.9) - p0.cvar)).toBeLessThan(1e-12);

    const ret = fc.oneof(
      fc.constant(0),
      fc.constant(0),
      fc.integer({ min: -1000, max: 1000 }).map((v) => v / 10_000),
    );
    fc.assert(
      fc.property(
        fc
          .tuple(
            fc.integer({ min: 2, max: 8 }),
            fc.integer({ min: 20, max: 120 }),
            fc.constantFrom(0.5, 0.9, 0.95, 0.99),
          )
          .chain(([n, t, beta]) =>
            fc.tuple(
              fc.array(fc.array(ret, { minLength: t, maxLength: t }), { minLength: n, maxLength: n }),
              fc.constant(beta),
            ),
          ),
        ([raw, beta]) => {
          const cols = raw.map((c) => Float64Array.from(c));
          const p = minimumCvarPortfolio(cols, { confidence: beta });
          expectBudgetAndBounds(p.weights, 1);
          expect(Math.abs(scenarioCvar(cols, p.weights, beta) - p.cvar)).toBeLessThan(1e-10);
          for (let i = 0; i < cols.length; i++) {
            const e = new Float64Array(cols.length);
            e[i] = 1;
            expect(p.cvar).toBeLessThanOrEqual(scenarioCvar(cols, e, beta) + 1e-10);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
