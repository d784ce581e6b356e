import {
  type AnnualisationOptions,
  assertSameLength,
  excessReturns,
  periodsPerYearOf,
  type RiskFreeOptions,
} from './conventions.js';
import { covariance, mean, standardDeviation } from './moments.js';
import { annualizedReturn } from './returns.js';

/**
 * Metrics of a return series r against an aligned benchmark series b (same length, same periods).
 * CAPM quantities use excess returns r − rf and b − rf (empyrical `alpha_beta`).
 */
export interface BenchmarkOptions extends AnnualisationOptions, RiskFreeOptions {}

/** CAPM beta: cov(r − rf, b − rf) / var(b − rf) (the ddof cancels). */
export function capmBeta(returns: Float64Array, benchmark: Float64Array, options?: BenchmarkOptions): number {
  assertSameLength(returns, benchmark, 'beta');
  const er = excessReturns(returns, options?.riskFree);
  const eb = excessReturns(benchmark, options?.riskFree);
  return covariance(er, eb, 1) / covariance(eb, eb, 1);
}

/** Per-period Jensen's alpha: mean((r − rf) − β (b − rf)). */
export function capmAlpha(
  returns: Float64Array,
  benchmark: Float64Array,
  options?: BenchmarkOptions,
): number {
  const b = capmBeta(returns, benchmark, options);
  const er = excessReturns(returns, options?.riskFree);
  const eb = excessReturns(benchmark, options?.riskFree);
  let s = 0;
  for (let t = 0; t < er.length; t++) s += er[t]! - b * eb[t]!;
  return er.length === 0 ? Number.NaN : s / er.length;
}

/** Annualised alpha, compounded: (1 + α)^P − 1 (empyrical `alpha`). */
export function annualizedCapmAlpha(
  returns: Float64Array,
  benchmark: Float64Array,
  options?: BenchmarkOptions,
): number {
  return (1 + capmAlpha(returns, benchmark, options)) ** periodsPerYearOf(options) - 1;
}

/** Pearson correlation of the raw returns r and b. */
export function benchmarkCorrelation(returns: Float64Array, benchmark: Float64Array): number {
  assertSameLength(returns, benchmark, 'correlation');
  return (
    covariance(returns, benchmark, 1) / (standardDeviation(returns, 1) * standardDeviation(benchmark, 1))
  );
}

/** R² of the least-squares fit r = a + βb + ε, i.e. correlation(r, b)². */
export function benchmarkRSquared(returns: Float64Array, benchmark: Float64Array): number {
  const c = benchmarkCorrelation(returns, benchmark);
  return c * c;
}

function activeReturns(returns: Float64Array, benchmark: Float64Array): Float64Array {
  const out = new Float64Array(returns.length);
  for (let t = 0; t < returns.length; t++) out[t] = returns[t]! - benchmark[t]!;
  return out;
}

/** Annualised tracking error: sd(r − b) (ddof = 1) × √P. */
export function trackingError(
  returns: Float64Array,
  benchmark: Float64Array,
  options?: AnnualisationOptions,
): number {
  assertSameLength(returns, benchmark, 'trackingError');
  return standardDeviation(activeReturns(returns, benchmark), 1) * Math.sqrt(periodsPerYearOf(options));
}

/**
 * Annualised information ratio: mean(r − b) / sd(r − b) × √P (ddof = 1). empyrical's
 * `excess_sharpe` is the same quantity without the √P.
 */
export function informationRatio(
  returns: Float64Array,
  benchmark: Float64Array,
  options?: AnnualisationOptions,
): number {
  assertSameLength(returns, benchmark, 'informationRatio');
  const a = activeReturns(returns, benchmark);
  return (mean(a) / standardDeviation(a, 1)) * Math.sqrt(periodsPerYearOf(options));
}

function capture(
  returns: Float64Array,
  benchmark: Float64Array,
  keep: (b: number) => boolean,
  options: AnnualisationOptions | undefined,
): number {
  assertSameLength(returns, benchmark, 'capture');
  const r: number[] = [];
  const b: number[] = [];
  for (let t = 0; t < returns.length; t++) {
    if (keep(benchmark[t]!)) {
      r.push(returns[t]!);
      b.push(benchmark[t]!);
    }
  }
  if (r.length === 0) return Number.NaN;
  return annualizedReturn(Float64Array.from(r), options) / annualizedReturn(Float64Array.from(b), options);
}

/**
 * Up-capture: annualised return of r over the periods where b > 0, divided by that of b over the
 * same periods (empyrical `up_capture`).
 */
export function upCapture(
  returns: Float64Array,
  benchmark: Float64Array,
  options?: AnnualisationOptions,
): number {
  return capture(returns, benchmark, (x) => x > 0, options);
}

/** Down-capture: as {@link upCapture} over the periods where b < 0 (empyrical `down_capture`). */
export function downCapture(
  returns: Float64Array,
  benchmark: Float64Array,
  options?: AnnualisationOptions,
): number {
  return capture(returns, benchmark, (x) => x < 0, options);
}
