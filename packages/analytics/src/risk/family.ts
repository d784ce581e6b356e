import type { FamilyMeta, NumberParamSpec } from '../registry/types.js';
import { RISK_METRICS, RISK_PARAMS } from './registry.js';

/** The annual risk-free rate a caller states; it enters the metrics per period (rate / periods per year). */
const RISK_FREE_RATE: NumberParamSpec = {
  name: 'risk_free',
  type: 'float',
  default: 0,
  min: -0.1,
  max: 1,
  description: 'Annual risk-free rate as a decimal (0.04 = 4 %), spread evenly over periods_per_year',
};

/** Risk metrics of periodic returns: every metric's parameters, and the annual risk-free rate. */
export const RISK_FAMILY: FamilyMeta = {
  code: 'risk_metrics',
  name: 'Risk metrics',
  description:
    'Return, volatility, drawdown, tail and benchmark-relative metrics of simple returns, each with its declared convention.',
  members: RISK_METRICS.map((m) => ({ code: m.code, name: m.name, description: m.description })),
  params: [...RISK_PARAMS, RISK_FREE_RATE],
};
