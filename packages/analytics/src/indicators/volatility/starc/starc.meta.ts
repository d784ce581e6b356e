import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { starc, starcLookback } from './starc.js';

export const STARC_META: IndicatorMeta = {
  code: 'starc',
  name: 'STARC Bands',
  group: 'volatility',
  aliases: ['starc_bands'],
  inputs: ['high', 'low', 'close'],
  params: [
    periodParam(5, 1, 'sma_period', 'SMA period of the middle line'),
    floatParam('multiplier', 2, 0, 1e6, 'ATR multiple of the band offset'),
    periodParam(10, 1, 'atr_period', 'ATR period'),
  ],
  outputs: [
    { name: 'upper', description: 'middle + multiplier × ATR' },
    { name: 'middle', description: 'SMA of close' },
    { name: 'lower', description: 'middle − multiplier × ATR' },
  ],
  lookback: (p) => starcLookback(numParam(p, 'sma_period'), numParam(p, 'atr_period')),
  variant: 'SMA middle, Wilder ATR offsets (Stock.Indicators ToStarcBands defaults 5, 2, 10)',
  references: ['M. Stoller, Stoller Average Range Channels', 'Stock.Indicators ToStarcBands'],
  compute: (inputs, p) =>
    starc(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'sma_period'),
      numParam(p, 'multiplier'),
      numParam(p, 'atr_period'),
    ),
};
