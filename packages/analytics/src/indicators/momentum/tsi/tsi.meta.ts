import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { tsi, tsiLookback } from './tsi.js';

export const TSI_META: IndicatorMeta = {
  code: 'tsi',
  name: 'True Strength Index',
  group: 'momentum',
  aliases: ['true_strength_index'],
  inputs: ['close'],
  params: [
    periodParam(25, 1, 'long_period', 'First (long) EMA of the price change'),
    periodParam(13, 1, 'short_period', 'Second (short) EMA'),
    periodParam(7, 1, 'signal_period', 'Signal EMA of the TSI'),
  ],
  outputs: [
    { name: 'tsi', description: 'Double-smoothed momentum over double-smoothed |momentum|, ×100' },
    { name: 'signal', description: 'EMA of the TSI' },
  ],
  lookback: (p) =>
    tsiLookback(numParam(p, 'long_period'), numParam(p, 'short_period'), numParam(p, 'signal_period')),
  variant: 'SMA-seeded EMAs (as Stock.Indicators ToTsi); both outputs start when the signal does',
  references: ['Blau, Momentum, Direction, and Divergence (1995)', 'Stock.Indicators ToTsi'],
  compute: (inputs, p) =>
    tsi(
      series(inputs, 'close'),
      numParam(p, 'long_period'),
      numParam(p, 'short_period'),
      numParam(p, 'signal_period'),
    ),
};
