import type { RiskMetricMeta } from '../metric-types.js';
import {
  annualizedReturn,
  bestPeriodReturn,
  cumulativeReturn,
  winRate,
  worstPeriodReturn,
} from '../returns.js';
import { stabilityOfTimeseries } from '../stability.js';
import { annualizedVolatility, downsideDeviation } from '../volatility.js';
import { def, PPY, ppy, TARGET } from './params.js';

/** Return, volatility and consistency metrics. */
export const RETURN_METRICS: readonly RiskMetricMeta[] = [
  def({
    code: 'cumulative_return',
    name: 'Cumulative return',
    description: 'Compounded total return over the series.',
    convention: '∏(1 + r_t) − 1; simple returns.',
    unit: 'decimal',
    compute: (i) => cumulativeReturn(i.returns),
  }),
  def({
    code: 'annual_return',
    name: 'Annualised return (CAGR)',
    description: 'Geometric average annual return.',
    convention: '(∏(1 + r_t))^(P/n) − 1, P = periods_per_year.',
    unit: 'decimal',
    params: [PPY],
    compute: (i, p) => annualizedReturn(i.returns, { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'annual_volatility',
    name: 'Annualised volatility',
    description: 'Standard deviation of returns scaled to a year.',
    convention: 'Sample sd (ddof = 1) × √P.',
    unit: 'decimal',
    params: [PPY],
    compute: (i, p) => annualizedVolatility(i.returns, { periodsPerYear: ppy(p) }),
  }),
  def({
    code: 'downside_deviation',
    name: 'Downside deviation',
    description: 'Root-mean-square shortfall below a target, annualised.',
    convention: '√(mean over all n of min(r − τ, 0)²) × √P (population form, empyrical downside_risk).',
    unit: 'decimal',
    params: [PPY, TARGET],
    compute: (i, p) =>
      downsideDeviation(i.returns, { periodsPerYear: ppy(p), target: Number(p['target'] ?? 0) }),
  }),
  def({
    code: 'best_period',
    name: 'Best period',
    description: 'Largest single-period return.',
    convention: 'max r_t.',
    unit: 'decimal',
    compute: (i) => bestPeriodReturn(i.returns),
  }),
  def({
    code: 'worst_period',
    name: 'Worst period',
    description: 'Smallest single-period return.',
    convention: 'min r_t.',
    unit: 'decimal',
    compute: (i) => worstPeriodReturn(i.returns),
  }),
  def({
    code: 'win_rate',
    name: 'Win rate',
    description: 'Share of winning periods.',
    convention: '#(r > 0) / #(r ≠ 0): zero-return periods are ignored (QuantStats).',
    unit: 'fraction',
    compute: (i) => winRate(i.returns),
  }),
  def({
    code: 'stability',
    name: 'Stability of time series',
    description: 'How straight the cumulative log-return line is.',
    convention: 'R² of OLS of Σ log(1 + r) on the period index (empyrical stability_of_timeseries).',
    unit: 'fraction',
    compute: (i) => stabilityOfTimeseries(i.returns),
  }),
];
