import type { RiskMetricMeta } from '../metric-types.js';
import { excessKurtosis, skewness } from '../moments.js';
import { conditionalValueAtRisk, valueAtRisk } from '../value-at-risk.js';
import { CONFIDENCE, def, METHOD, varOpts } from './params.js';

/** Tail risk and higher moments. */
export const TAIL_METRICS: readonly RiskMetricMeta[] = [
  def({
    code: 'var',
    name: 'Value at risk',
    description: 'One-period loss not exceeded with the given confidence.',
    convention:
      'Positive loss: −q_{1−c}(r). Historical type-7 quantile; Gaussian μ + zσ; Cornish–Fisher with G1/G2. Per period.',
    unit: 'decimal',
    params: [CONFIDENCE, METHOD],
    compute: (i, p) => valueAtRisk(i.returns, varOpts(p)),
  }),
  def({
    code: 'cvar',
    name: 'Conditional value at risk (expected shortfall)',
    description: 'Mean loss in the worst 1 − c tail.',
    convention: 'Positive loss: −E[r | r ≤ q_{1−c}]. Same three methods as var. Per period.',
    unit: 'decimal',
    params: [CONFIDENCE, METHOD],
    compute: (i, p) => conditionalValueAtRisk(i.returns, varOpts(p)),
  }),
  def({
    code: 'skewness',
    name: 'Skewness',
    description: 'Asymmetry of the return distribution.',
    convention: 'Bias-adjusted sample skewness G1 (pandas skew, scipy bias=False).',
    unit: 'ratio',
    compute: (i) => skewness(i.returns),
  }),
  def({
    code: 'excess_kurtosis',
    name: 'Excess kurtosis',
    description: 'Tail heaviness relative to the normal distribution (normal = 0).',
    convention: 'Bias-adjusted sample excess kurtosis G2 (pandas kurt, scipy bias=False).',
    unit: 'ratio',
    compute: (i) => excessKurtosis(i.returns),
  }),
];
