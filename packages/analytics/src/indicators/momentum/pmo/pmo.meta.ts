import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { pmo, pmoLookback } from './pmo.js';

export const PMO_META: IndicatorMeta = {
  code: 'pmo',
  name: 'Price Momentum Oscillator',
  group: 'momentum',
  aliases: ['price_momentum_oscillator'],
  inputs: ['close'],
  params: [
    periodParam(35, 2, 'time_period', 'First smoothing (alpha 2/time) of the 1-bar ROC'),
    periodParam(20, 2, 'smooth_period', 'Second smoothing (alpha 2/smooth)'),
    periodParam(10, 1, 'signal_period', 'Signal EMA period'),
  ],
  outputs: [
    { name: 'pmo', description: 'Double-smoothed 1-bar ROC ×10' },
    { name: 'signal', description: 'EMA of the PMO' },
  ],
  lookback: (p) =>
    pmoLookback(numParam(p, 'time_period'), numParam(p, 'smooth_period'), numParam(p, 'signal_period')),
  variant: 'DecisionPoint custom smoothing alpha 2/n, SMA-seeded (as Stock.Indicators ToPmo)',
  references: ['DecisionPoint (Carl Swenlin) PMO', 'Stock.Indicators ToPmo'],
  compute: (inputs, p) =>
    pmo(
      series(inputs, 'close'),
      numParam(p, 'time_period'),
      numParam(p, 'smooth_period'),
      numParam(p, 'signal_period'),
    ),
};
