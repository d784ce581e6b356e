import type { FamilyMeta, MemberSpec } from '../registry/types.js';

/** The optimisers a request may name, in catalogue order. */
export const PORTFOLIO_OPTIMISERS = [
  'min_variance',
  'max_sharpe',
  'min_cvar',
  'equal_risk',
  'hrp',
  'inverse_volatility',
  'equal_weight',
] as const;
export type PortfolioOptimiser = (typeof PORTFOLIO_OPTIMISERS)[number];

/** Covariance estimators: sample, or Ledoit–Wolf shrinkage towards constant correlation or the identity. */
export const COVARIANCE_METHODS = ['sample', 'ledoit_wolf', 'ledoit_wolf_identity'] as const;
export type CovarianceMethod = (typeof COVARIANCE_METHODS)[number];

const OPTIMISER_DESCRIPTIONS: Readonly<Record<PortfolioOptimiser, Omit<MemberSpec, 'code'>>> = {
  min_variance: { name: 'Minimum variance', description: 'Least covariance risk within the weight bounds' },
  max_sharpe: { name: 'Maximum Sharpe', description: 'Highest mean excess return per unit of volatility' },
  min_cvar: {
    name: 'Minimum CVaR',
    description: 'Least historical conditional value at risk (a linear programme)',
  },
  equal_risk: {
    name: 'Equal risk contribution',
    description: 'Every asset contributes the same risk (long-only)',
  },
  hrp: {
    name: 'Hierarchical risk parity',
    description: 'López de Prado’s clustered inverse-variance allocation',
  },
  inverse_volatility: { name: 'Inverse volatility', description: 'Weights proportional to 1 / volatility' },
  equal_weight: { name: 'Equal weight', description: '1 / n in every asset' },
};

/** Portfolio analytics and optimisation: the optimisers and the parameters of the analysis. */
export const PORTFOLIO_FAMILY: FamilyMeta = {
  code: 'portfolio',
  name: 'Portfolio analytics and optimisation',
  description:
    'Risk metrics, covariance and risk contributions of holdings, optimised portfolios within weight bounds and the efficient frontier.',
  members: PORTFOLIO_OPTIMISERS.map((code) => ({ code, ...OPTIMISER_DESCRIPTIONS[code] })),
  params: [
    {
      name: 'units',
      type: 'enum',
      default: 'weights',
      values: ['weights', 'quantities'],
      description: 'Holdings amounts are weights summing to 1, or share quantities',
    },
    {
      name: 'covariance',
      type: 'enum',
      default: 'sample',
      values: COVARIANCE_METHODS,
      description: 'Sample covariance, or Ledoit–Wolf shrinkage towards constant correlation or the identity',
    },
    { name: 'min_weight', type: 'float', default: 0, min: -1, max: 1, description: 'Lower bound per asset' },
    { name: 'max_weight', type: 'float', default: 1, min: 0, max: 2, description: 'Upper bound per asset' },
  ],
};
