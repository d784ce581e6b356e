export * from './analyze-portfolio.js';
export * from './constraints.js';
export * from './covariance.js';
export * from './dense-simplex.js';
export * from './efficient-frontier.js';
export * from './efficient-portfolios.js';
export * from './equal-risk-contribution.js';
export * from './hierarchical-risk-parity.js';
export * from './ledoit-wolf.js';
export type { Matrix } from './matrix.js';
export * from './maximum-sharpe.js';
export { SINGULAR_COVARIANCE_RIDGE } from './mean-variance.js';
export * from './minimum-cvar.js';
export * from './minimum-variance.js';
export * from './optimized-portfolio.js';
export * from './portfolio-returns.js';
export {
  type QuadraticProgram,
  QuadraticProgramError,
  type QuadraticProgramSolution,
  solveQuadraticProgram,
} from './quadratic-program.js';
export * from './risk-contributions.js';
export * from './simple-allocations.js';
