import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { chexit, chexitLookback } from './chexit.js';

export const CHEXIT_META: IndicatorMeta = {
  code: 'chexit',
  name: 'Chandelier Exit',
  group: 'volatility',
  aliases: ['chandelier', 'chandelier_exit'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(22, 1), floatParam('multiplier', 3, 0, 1e6, 'ATR multiple')],
  outputs: [
    { name: 'long', description: 'Highest high − multiplier × ATR (stop for longs)' },
    { name: 'short', description: 'Lowest low + multiplier × ATR (stop for shorts)' },
  ],
  lookback: (p) => chexitLookback(numParam(p, 'period')),
  variant: 'Extremes and Wilder ATR over the same period (Stock.Indicators ToChandelier)',
  references: ['C. LeBeau', 'Stock.Indicators ToChandelier'],
  compute: (inputs, p) =>
    chexit(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
      numParam(p, 'multiplier'),
    ),
};
