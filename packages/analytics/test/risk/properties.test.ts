/** fast-check properties that must hold for any return series (empyrical tests/test_stats.py style). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualizedVolatility,
  capmBeta,
  conditionalValueAtRisk,
  downsideDeviation,
  drawdownSeries,
  maxDrawdown,
  painIndex,
  RISK_METRICS,
  sharpeRatio,
  sortinoRatio,
  ulcerIndex,
  valueAtRisk,
} from '../../src/risk/index.js';

const returnsArb = (min = 3, max = 120) =>
  fc
    .array(fc.double({ min: -0.5, max: 0.5, noNaN: true, noDefaultInfinity: true }), {
      minLength: min,
      maxLength: max,
    })
    .map((a) => Float64Array.from(a));

const near = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= 1e-12 + rel * Math.abs(b);

describe('drawdown properties', () => {
  it('max drawdown and every drawdown are in [−1, 0]; pain ≤ ulcer ≤ |max drawdown|', () => {
    fc.assert(
      fc.property(returnsArb(1), (r) => {
        const md = maxDrawdown(r);
        expect(md.depth).toBeLessThanOrEqual(0);
        expect(md.depth).toBeGreaterThanOrEqual(-1);
        for (const d of drawdownSeries(r)) expect(d).toBeLessThanOrEqual(0);
        expect(painIndex(r)).toBeLessThanOrEqual(ulcerIndex(r) + 1e-15);
        expect(ulcerIndex(r)).toBeLessThanOrEqual(-md.depth + 1e-15);
        if (md.troughIndex >= 0) expect(md.peakIndex).toBeLessThan(md.troughIndex);
        if (md.recoveryIndex >= 0) expect(md.recoveryIndex).toBeGreaterThan(md.troughIndex);
      }),
    );
  });
});

describe('scaling and shifting', () => {
  it('scaling returns by k scales volatility by |k|', () => {
    fc.assert(
      fc.property(returnsArb(), fc.double({ min: -5, max: 5, noNaN: true }), (r, k) => {
        const scaled = r.map((x) => k * x);
        expect(near(annualizedVolatility(scaled), Math.abs(k) * annualizedVolatility(r), 1e-9)).toBe(true);
      }),
    );
  });
  it('adding a constant to returns and risk-free leaves Sharpe and Sortino unchanged', () => {
    fc.assert(
      fc.property(
        returnsArb(),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        fc.double({ min: -0.05, max: 0.05, noNaN: true }),
        (r, rf, c) => {
          fc.pre(annualizedVolatility(r) > 1e-6);
          const shifted = r.map((x) => x + c);
          expect(
            near(sharpeRatio(shifted, { riskFree: rf + c }), sharpeRatio(r, { riskFree: rf }), 1e-6),
          ).toBe(true);
          const s0 = sortinoRatio(r, { riskFree: rf });
          // Only where the downside is material: a 1e-20 downside is all rounding noise.
          if (downsideDeviation(r.map((x) => x - rf)) > 1e-4)
            expect(near(sortinoRatio(shifted, { riskFree: rf + c }), s0, 1e-6)).toBe(true);
        },
      ),
    );
  });
  it('beta of a·b + c against b is a', () => {
    fc.assert(
      fc.property(
        returnsArb(5),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        (b, a, c) => {
          fc.pre(annualizedVolatility(b) > 1e-4);
          expect(
            near(
              capmBeta(
                b.map((x) => a * x + c),
                b,
              ),
              a,
              1e-7,
            ),
          ).toBe(true);
        },
      ),
    );
  });
});

describe('VaR / CVaR', () => {
  it('CVaR ≥ VaR as losses (historical and Gaussian) and VaR grows with confidence', () => {
    fc.assert(
      fc.property(returnsArb(10), fc.double({ min: 0.8, max: 0.99, noNaN: true }), (r, c) => {
        for (const method of ['historical', 'gaussian'] as const) {
          expect(conditionalValueAtRisk(r, { confidence: c, method })).toBeGreaterThanOrEqual(
            valueAtRisk(r, { confidence: c, method }) - 1e-12,
          );
          expect(valueAtRisk(r, { confidence: c, method })).toBeLessThanOrEqual(
            valueAtRisk(r, { confidence: Math.min(c + 0.005, 0.995), method }) + 1e-12,
          );
        }
      }),
    );
  });
});

describe('purity', () => {
  it('no metric mutates its inputs', () => {
    fc.assert(
      fc.property(returnsArb(10, 60), (r) => {
        const b = r.map((x, i) => x * 0.5 + (i % 3) * 0.001);
        const rf = new Float64Array(r.length).fill(0.0001);
        const copies = [r.slice(), b.slice(), rf.slice()];
        for (const m of RISK_METRICS) m.compute({ returns: r, benchmark: b, riskFree: rf }, {});
        expect([r, b, rf]).toEqual(copies);
      }),
      { numRuns: 20 },
    );
  });
});
