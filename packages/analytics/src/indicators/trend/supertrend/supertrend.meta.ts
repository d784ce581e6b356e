import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { supertrend, supertrendLookback } from './supertrend.js';

export const SUPERTREND_META: IndicatorMeta = {
  code: 'supertrend',
  name: 'SuperTrend',
  group: 'trend',
  aliases: ['super_trend'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(10, 1), floatParam('multiplier', 3, 0, 1e6, 'ATR multiple of the bands')],
  outputs: [
    { name: 'supertrend', description: 'Active stop line (lower band when bullish, upper when bearish)' },
    { name: 'direction', description: '+1 bullish, −1 bearish' },
    { name: 'upper', description: 'Ratcheted upper band' },
    { name: 'lower', description: 'Ratcheted lower band' },
  ],
  lookback: (p) => supertrendLookback(numParam(p, 'period')),
  variant: 'Median-price bands ± multiplier × Wilder ATR, ratcheted (Stock.Indicators ToSuperTrend rules)',
  references: ['O. Seban', 'Stock.Indicators ToSuperTrend'],
  compute: (inputs, p) =>
    supertrend(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
      numParam(p, 'multiplier'),
    ),
};
