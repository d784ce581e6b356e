/**
 * Small cases worked by hand from the formulas in docs/analytics/risk.md (arithmetic shown in the
 * comments). Tolerance: 1e-12 absolute unless stated.
 */
import { describe, expect, it } from 'vitest';
import {
  annualizedCapmAlpha,
  annualizedReturn,
  annualizedVolatility,
  averageDrawdown,
  benchmarkCorrelation,
  benchmarkRSquared,
  capmAlpha,
  capmBeta,
  conditionalValueAtRisk,
  cumulativeReturn,
  downCapture,
  gainToPainRatio,
  informationRatio,
  maxDrawdown,
  normalQuantile,
  omegaRatio,
  painIndex,
  sampleExcessKurtosis,
  sampleSkewness,
  sharpeRatio,
  sortinoRatio,
  stabilityOfTimeseries,
  tailRatio,
  trackingError,
  ulcerIndex,
  upCapture,
  valueAtRisk,
  winRate,
} from '../../src/risk/index.js';

const f = (...x: number[]) => Float64Array.from(x);
// Wealth 1 → 1.1 → 0.88 → 1.012 → 1.0626; drawdowns 0, −0.2, −0.08, −0.034.
const R = f(0.1, -0.2, 0.15, 0.05);

describe('return-path metrics on [0.1, −0.2, 0.15, 0.05]', () => {
  it('compounds to 6.26 % and annualises with P/n', () => {
    expect(cumulativeReturn(R)).toBeCloseTo(0.0626, 12);
    expect(annualizedReturn(R, { periodsPerYear: 2 })).toBeCloseTo(Math.sqrt(1.0626) - 1, 12);
  });
  it('finds the −20 % drawdown from period 0 to 1, unrecovered', () => {
    expect(maxDrawdown(R)).toEqual({
      depth: expect.closeTo(-0.2, 12),
      peakIndex: 0,
      troughIndex: 1,
      recoveryIndex: -1,
      declinePeriods: 1,
      durationPeriods: 3,
    });
  });
  it('counts a loss on the first period from the starting capital (peak index −1) and a recovery', () => {
    // Wealth 0.9 → 1.08: back above 1 at index 1.
    expect(maxDrawdown(f(-0.1, 0.2))).toMatchObject({ peakIndex: -1, troughIndex: 0, recoveryIndex: 1 });
  });
  it('averages episodes, and gives pain (mean |D|) and ulcer (RMS D) indices', () => {
    expect(averageDrawdown(R)).toBeCloseTo(-0.2, 12);
    // Two episodes: −0.1 (recovered at index 1) and −0.5.
    expect(averageDrawdown(f(-0.1, 0.2, -0.5))).toBeCloseTo(-0.3, 12);
    expect(painIndex(R)).toBeCloseTo((0.2 + 0.08 + 0.034) / 4, 12);
    expect(ulcerIndex(R)).toBeCloseTo(Math.sqrt((0.04 + 0.0064 + 0.001156) / 4), 12);
  });
  it('computes win rate, gain-to-pain, omega and tail ratio', () => {
    expect(winRate(f(0.1, 0, -0.1, 0.2))).toBeCloseTo(2 / 3, 12); // zero ignored
    expect(gainToPainRatio(R)).toBeCloseTo(0.1 / 0.2, 12);
    expect(omegaRatio(R)).toBeCloseTo(0.3 / 0.2, 12);
    // sorted −0.2, 0.05, 0.1, 0.15: q95 at h = 2.85 → 0.1425; q05 at h = 0.15 → −0.1625.
    expect(tailRatio(R)).toBeCloseTo(0.1425 / 0.1625, 12);
  });
  it('annualises volatility with the sample deviation', () => {
    // mean 0.025; Σd² = 0.0725; var = 0.0725 / 3.
    expect(annualizedVolatility(R, { periodsPerYear: 4 })).toBeCloseTo(Math.sqrt(0.0725 / 3) * 2, 12);
  });
});

describe('ratios', () => {
  it('Sharpe of [0.01, 0.03] is mean 0.02 / sd 0.01·√2', () => {
    expect(sharpeRatio(f(0.01, 0.03), { periodsPerYear: 1 })).toBeCloseTo(Math.SQRT2, 12);
    expect(sharpeRatio(f(0.02, 0.04), { periodsPerYear: 1, riskFree: 0.01 })).toBeCloseTo(Math.SQRT2, 12);
  });
  it('Sortino of [0.02, −0.01] uses the population downside deviation √(0.0001/2)', () => {
    expect(sortinoRatio(f(0.02, -0.01), { periodsPerYear: 1 })).toBeCloseTo(0.005 / Math.sqrt(0.00005), 12);
  });
});

describe('VaR / CVaR (positive losses)', () => {
  it('historical at 75 %: type-7 quantile −0.0125, tail mean −0.2', () => {
    expect(valueAtRisk(R, { confidence: 0.75 })).toBeCloseTo(0.0125, 12);
    expect(conditionalValueAtRisk(R, { confidence: 0.75 })).toBeCloseTo(0.2, 12);
  });
  it('Gaussian at 95 % on [−0.01, 0.01] is 1.6448536269514722·σ (z from scipy.stats.norm.ppf(0.95))', () => {
    const sd = Math.sqrt(0.0002);
    expect(valueAtRisk(f(-0.01, 0.01), { method: 'gaussian' })).toBeCloseTo(1.6448536269514722 * sd, 9);
    // scipy: norm.pdf(norm.ppf(0.95)) / 0.05 = 2.0627128075074275; ES = σ·φ(z)/α.
    expect(conditionalValueAtRisk(f(-0.01, 0.01), { method: 'gaussian' })).toBeCloseTo(
      2.0627128075074275 * sd,
      9,
    );
  });
  it('normal quantile matches scipy.stats.norm.ppf to 1e-9 relative', () => {
    // scipy 1.10.1: norm.ppf(0.01) = −2.3263478740408408, norm.ppf(0.975) = 1.959963984540054.
    expect(normalQuantile(0.01)).toBeCloseTo(-2.3263478740408408, 8);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.5)).toBe(0);
  });
});

describe('moments', () => {
  it('symmetric sample has zero skewness; [−1, 1, −1, 1] has G2 = 1.5·(5·(−2) + 6) = −6', () => {
    expect(sampleSkewness(f(-2, -1, 0, 1, 2))).toBeCloseTo(0, 12);
    expect(sampleExcessKurtosis(f(-1, 1, -1, 1))).toBeCloseTo(-6, 12);
  });
});

describe('benchmark-relative metrics for r = 2b + 0.01', () => {
  const b = f(0.05, -0.1, 0.1, 0);
  const r = b.map((x) => 2 * x + 0.01);
  it('has beta 2, alpha 0.01 per period, correlation and R² 1', () => {
    expect(capmBeta(r, b)).toBeCloseTo(2, 12);
    expect(capmAlpha(r, b)).toBeCloseTo(0.01, 12);
    expect(annualizedCapmAlpha(r, b, { periodsPerYear: 12 })).toBeCloseTo(1.01 ** 12 - 1, 12);
    expect(benchmarkCorrelation(r, b)).toBeCloseTo(1, 12);
    expect(benchmarkRSquared(r, b)).toBeCloseTo(1, 12);
  });
  it('with a risk-free rate, beta uses excess returns: r − rf = 2(b − rf) keeps beta 2 and alpha 0', () => {
    const rf = 0.002;
    const r2 = b.map((x) => 2 * (x - rf) + rf);
    expect(capmBeta(r2, b, { riskFree: rf })).toBeCloseTo(2, 12);
    expect(capmAlpha(r2, b, { riskFree: rf })).toBeCloseTo(0, 12);
  });
  it('tracking error and information ratio are those of the active series b + 0.01', () => {
    // active = b + 0.01 = [0.06, −0.09, 0.11, 0.01]: mean 0.0225, sample variance Σd²/3.
    const act = [0.06, -0.09, 0.11, 0.01];
    const m = 0.0225;
    const v = act.reduce((s, x) => s + (x - m) ** 2, 0) / 3;
    expect(trackingError(r, b, { periodsPerYear: 4 })).toBeCloseTo(Math.sqrt(v) * 2, 12);
    expect(informationRatio(r, b, { periodsPerYear: 4 })).toBeCloseTo((m / Math.sqrt(v)) * 2, 12);
  });
  it('capture ratios compare CAGRs over up (b > 0) and down (b < 0) periods', () => {
    const up = ((1.11 * 1.21) ** (12 / 2) - 1) / ((1.05 * 1.1) ** (12 / 2) - 1);
    expect(upCapture(r, b, { periodsPerYear: 12 })).toBeCloseTo(up, 12);
    expect(downCapture(r, b, { periodsPerYear: 12 })).toBeCloseTo((0.81 ** 12 - 1) / (0.9 ** 12 - 1), 12);
  });
});

describe('stability', () => {
  it('is 1 for a constant-growth path and NaN for a flat one', () => {
    expect(stabilityOfTimeseries(new Float64Array(50).fill(0.01))).toBeCloseTo(1, 12);
    expect(stabilityOfTimeseries(new Float64Array(50))).toBeNaN();
  });
});
