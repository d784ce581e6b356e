export * from './benchmark.js';
export {
  type AnnualisationOptions,
  DEFAULT_PERIODS_PER_YEAR,
  excessReturns,
  type RiskFree,
  type RiskFreeOptions,
} from './conventions.js';
export * from './drawdown.js';
export * from './family.js';
export {
  covariance as sampleCovariance,
  excessKurtosis as sampleExcessKurtosis,
  mean as sampleMean,
  quantile as quantileType7,
  skewness as sampleSkewness,
  standardDeviation as sampleStandardDeviation,
} from './moments.js';
export { normalPdf, normalQuantile } from './normal.js';
export * from './ratios.js';
export * from './registry.js';
export * from './returns.js';
export * from './rolling.js';
export * from './stability.js';
export * from './value-at-risk.js';
export * from './volatility.js';
