export * from './analyze-portfolio.js';
export type { WeightBounds } from './constraints.js';
export { correlationFromCovariance, meanReturns, sampleCovarianceMatrix } from './covariance.js';
// The LP solver stays exported: test/portfolio/hand-computed.test.ts checks it through this barrel.
export { type LinearProgram, type LinearProgramResult, solveLinearProgram } from './dense-simplex.js';
export * from './efficient-frontier.js';
export { efficientReturnPortfolio, efficientRiskPortfolio } from './efficient-portfolios.js';
export * from './equal-risk-contribution.js';
export * from './family.js';
export { hierarchicalRiskParityPortfolio } from './hierarchical-risk-parity.js';
export * from './ledoit-wolf.js';
export type { Matrix } from './matrix.js';
export * from './maximum-sharpe.js';
export * from './minimum-cvar.js';
export * from './minimum-variance.js';
export { type OptimizedPortfolio, returnRange } from './optimized-portfolio.js';
export * from './portfolio-returns.js';
export * from './risk-contributions.js';
export * from './simple-allocations.js';
