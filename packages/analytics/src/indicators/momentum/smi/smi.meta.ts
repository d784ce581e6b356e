import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { smi, smiLookback } from './smi.js';

export const SMI_META: IndicatorMeta = {
  code: 'smi',
  name: 'Stochastic Momentum Index',
  group: 'momentum',
  aliases: ['stochastic_momentum_index'],
  inputs: ['high', 'low', 'close'],
  params: [
    periodParam(13, 1, 'period', 'Bars in the high/low window'),
    periodParam(25, 1, 'first_smooth', 'First EMA smoothing'),
    periodParam(2, 1, 'second_smooth', 'Second EMA smoothing'),
    periodParam(3, 1, 'signal_period', 'Signal EMA period'),
  ],
  outputs: [
    { name: 'smi', description: 'Double-smoothed distance from the range midpoint, −100..100' },
    { name: 'signal', description: 'EMA of the SMI' },
  ],
  lookback: (p) => smiLookback(numParam(p, 'period')),
  variant: 'EMAs seeded with their first value (as Stock.Indicators ToSmi), so early values are approximate',
  references: ['Blau, Stocks & Commodities (Jan 1993)', 'Stock.Indicators ToSmi'],
  compute: (inputs, p) =>
    smi(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
      numParam(p, 'first_smooth'),
      numParam(p, 'second_smooth'),
      numParam(p, 'signal_period'),
    ),
};
