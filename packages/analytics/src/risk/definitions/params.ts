import type { EnumParamSpec, NumberParamSpec, ParamValues } from '../../registry/types.js';
import type { RiskMetricInput, RiskMetricMeta } from '../metric-types.js';
import type { VarMethod } from '../value-at-risk.js';

/** Parameter specs and helpers shared by the metric definitions. */
export const PPY: NumberParamSpec = {
  name: 'periods_per_year',
  type: 'int',
  default: 252,
  min: 1,
  max: 1_000_000,
  description: 'Periods per year used to annualise (252 trading days, 52 weeks, 12 months).',
};
export const CONFIDENCE: NumberParamSpec = {
  name: 'confidence',
  type: 'float',
  default: 0.95,
  min: 0.5,
  max: 0.9999,
  description: 'Confidence level c; the tail probability is 1 − c.',
};
export const METHOD: EnumParamSpec = {
  name: 'method',
  type: 'enum',
  default: 'historical',
  values: ['historical', 'gaussian', 'cornish_fisher'],
  description: 'Empirical quantile, normal, or Cornish–Fisher (skewness/kurtosis-corrected normal).',
};
export const TARGET: NumberParamSpec = {
  name: 'target',
  type: 'float',
  default: 0,
  min: -1,
  max: 1,
  description: 'Per-period minimum acceptable return.',
};
export const THRESHOLD: NumberParamSpec = {
  ...TARGET,
  name: 'threshold',
  description: 'Per-period threshold return L.',
};

export const ppy = (p: ParamValues): number => Number(p['periods_per_year'] ?? 252);
export const rfOpts = (i: RiskMetricInput, p: ParamValues) =>
  i.riskFree === undefined ? { periodsPerYear: ppy(p) } : { periodsPerYear: ppy(p), riskFree: i.riskFree };
export const varOpts = (p: ParamValues) => ({
  confidence: Number(p['confidence'] ?? 0.95),
  method: String(p['method'] ?? 'historical') as VarMethod,
});
export const bench = (i: RiskMetricInput): Float64Array => {
  if (i.benchmark === undefined) throw new TypeError('this metric requires a benchmark series');
  return i.benchmark;
};

export type Def = Omit<RiskMetricMeta, 'params' | 'requiresBenchmark'> &
  Partial<Pick<RiskMetricMeta, 'params' | 'requiresBenchmark'>>;
export const def = (d: Def): RiskMetricMeta => ({ params: [], requiresBenchmark: false, ...d });

export const RF = 'rf per period (constant or aligned series) subtracted from each return.';
