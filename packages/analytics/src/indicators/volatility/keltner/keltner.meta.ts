import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { keltner, keltnerLookback } from './keltner.js';

export const KELTNER_META: IndicatorMeta = {
  code: 'keltner',
  name: 'Keltner Channels',
  group: 'volatility',
  aliases: ['keltner_channels', 'kc'],
  inputs: ['high', 'low', 'close'],
  params: [
    periodParam(20, 1, 'ema_period', 'EMA period of the middle line'),
    floatParam('multiplier', 2, 0, 1e6, 'ATR multiple of the band offset'),
    periodParam(10, 1, 'atr_period', 'ATR period'),
  ],
  outputs: [
    { name: 'upper', description: 'middle + multiplier × ATR' },
    { name: 'middle', description: 'EMA of close' },
    { name: 'lower', description: 'middle − multiplier × ATR' },
  ],
  lookback: (p) => keltnerLookback(numParam(p, 'ema_period'), numParam(p, 'atr_period')),
  variant: 'EMA (SMA-seeded) middle, Wilder ATR offsets (Stock.Indicators ToKeltner)',
  references: ['Stock.Indicators ToKeltner', 'C. Keltner (1960); L. Raschke ATR variant'],
  compute: (inputs, p) =>
    keltner(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'ema_period'),
      numParam(p, 'multiplier'),
      numParam(p, 'atr_period'),
    ),
};
