import type { RiskMetricMeta } from '../metric-types.js';
import { calmarRatio, gainToPainRatio, omegaRatio, sharpeRatio, sortinoRatio, tailRatio } from '../ratios.js';
import { def, PPY, ppy, RF, rfOpts, THRESHOLD } from './params.js';

/** Risk-adjusted return ratios. */
export const RATIO_METRICS: readonly RiskMetricMeta[] = [
  def({
    code: 'sharpe',
    name: 'Sharpe ratio',
    description: 'Annualised mean excess return per unit of volatility.',
    convention: `mean(r − rf) / sd(r − rf) × √P, sd ddof = 1; ${RF}`,
    unit: 'ratio',
    params: [PPY],
    compute: (i, p) => sharpeRatio(i.returns, rfOpts(i, p)),
  }),
  def({
    code: 'sortino',
    name: 'Sortino ratio',
    description: 'Annualised mean excess return per unit of downside deviation.',
    convention: `mean(r − rf) × P / downside deviation of (r − rf) below 0 (population form); ${RF}`,
    unit: 'ratio',
    params: [PPY],
    compute: (i, p) => sortinoRatio(i.returns, rfOpts(i, p)),
  }),
  def({
    code: 'calmar',
    name: 'Calmar ratio',
    description: 'Annualised return over the maximum drawdown.',
    convention: 'CAGR / |max drawdown| over the whole series (not a trailing 36 months); NaN if no drawdown.',
    unit: 'ratio',
    params: [PPY],
    compute: (i, p) => calmarRatio(i.returns, { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'omega',
    name: 'Omega ratio',
    description: 'Probability-weighted gains over losses relative to a threshold.',
    convention: `Σ max(r − rf − L, 0) / Σ max(L − r + rf, 0), L per period; ${RF}`,
    unit: 'ratio',
    params: [THRESHOLD],
    compute: (i, p) => {
      const threshold = Number(p['threshold'] ?? 0);
      return omegaRatio(
        i.returns,
        i.riskFree === undefined ? { threshold } : { threshold, riskFree: i.riskFree },
      );
    },
  }),
  def({
    code: 'tail_ratio',
    name: 'Tail ratio',
    description: 'Right tail over left tail.',
    convention: '|q_0.95| / |q_0.05|, type-7 quantiles (empyrical tail_ratio).',
    unit: 'ratio',
    compute: (i) => tailRatio(i.returns),
  }),
  def({
    code: 'gain_to_pain',
    name: 'Gain-to-pain ratio',
    description: 'Sum of returns over the sum of losses.',
    convention: 'Σ r / |Σ min(r, 0)| on the raw periods (QuantStats); NaN if no loss.',
    unit: 'ratio',
    compute: (i) => gainToPainRatio(i.returns),
  }),
];
