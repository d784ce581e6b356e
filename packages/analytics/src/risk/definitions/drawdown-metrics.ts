import { averageDrawdown, maxDrawdown, painIndex, ulcerIndex } from '../drawdown.js';
import type { RiskMetricMeta } from '../metric-types.js';
import { def } from './params.js';

/** Drawdown depth, timing and pain. */
export const DRAWDOWN_METRICS: readonly RiskMetricMeta[] = [
  def({
    code: 'max_drawdown',
    name: 'Maximum drawdown',
    description: 'Largest peak-to-trough fall of the compounded wealth path.',
    convention: 'min_t W_t / max_{s≤t} W_s − 1 with W_0 = 1 counted as a peak; ≤ 0.',
    unit: 'decimal',
    compute: (i) => maxDrawdown(i.returns).depth,
  }),
  def({
    code: 'max_drawdown_peak',
    name: 'Maximum drawdown peak index',
    description: 'Index of the period at whose close the worst drawdown started.',
    convention: 'Index into the return series; −1 = the starting capital before the first return.',
    unit: 'index',
    compute: (i) => maxDrawdown(i.returns).peakIndex,
  }),
  def({
    code: 'max_drawdown_trough',
    name: 'Maximum drawdown trough index',
    description: 'Index of the lowest point of the worst drawdown.',
    convention: 'Index into the return series; −1 if there is no drawdown.',
    unit: 'index',
    compute: (i) => maxDrawdown(i.returns).troughIndex,
  }),
  def({
    code: 'max_drawdown_recovery',
    name: 'Maximum drawdown recovery index',
    description: 'First index at which wealth regains the peak of the worst drawdown.',
    convention: 'Index into the return series; −1 if not (yet) recovered.',
    unit: 'index',
    compute: (i) => maxDrawdown(i.returns).recoveryIndex,
  }),
  def({
    code: 'max_drawdown_decline',
    name: 'Maximum drawdown decline length',
    description: 'Periods from the peak to the trough of the worst drawdown.',
    convention: 'troughIndex − peakIndex.',
    unit: 'periods',
    compute: (i) => maxDrawdown(i.returns).declinePeriods,
  }),
  def({
    code: 'max_drawdown_duration',
    name: 'Maximum drawdown duration',
    description:
      'Periods from the peak of the worst drawdown to its recovery (or to the end if unrecovered).',
    convention: '(recoveryIndex, or n − 1 if unrecovered) − peakIndex.',
    unit: 'periods',
    compute: (i) => maxDrawdown(i.returns).durationPeriods,
  }),
  def({
    code: 'average_drawdown',
    name: 'Average drawdown',
    description: 'Mean depth of the distinct drawdown episodes.',
    convention: 'Mean of each episode’s deepest drawdown (QuantStats avg_drawdown); ≤ 0; 0 if none.',
    unit: 'decimal',
    compute: (i) => averageDrawdown(i.returns),
  }),
  def({
    code: 'ulcer_index',
    name: 'Ulcer index',
    description: 'Root-mean-square drawdown.',
    convention: '√(mean over all n of D_t²), D_t decimal drawdown (Martin; QuantStats uses n − 1).',
    unit: 'decimal',
    compute: (i) => ulcerIndex(i.returns),
  }),
  def({
    code: 'pain_index',
    name: 'Pain index',
    description: 'Mean absolute drawdown.',
    convention: 'mean over all n of |D_t|; ≥ 0.',
    unit: 'decimal',
    compute: (i) => painIndex(i.returns),
  }),
];
