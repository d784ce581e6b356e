import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { heikinashi } from './heikinashi.js';

export const HEIKINASHI_META: IndicatorMeta = {
  code: 'heikinashi',
  name: 'Heikin-Ashi',
  group: 'price_transform',
  aliases: ['heikin_ashi', 'ha'],
  inputs: ['open', 'high', 'low', 'close'],
  params: [],
  outputs: [
    { name: 'open', description: '(previous HA open + previous HA close) / 2; bar 0: (O + C) / 2' },
    { name: 'high', description: 'max(H, HA open, HA close)' },
    { name: 'low', description: 'min(L, HA open, HA close)' },
    { name: 'close', description: '(O + H + L + C) / 4' },
  ],
  lookback: () => 0,
  variant: 'Heikin-Ashi candles seeded with (O + C) / 2 on the first bar (Stock.Indicators convention)',
  references: ['Stock.Indicators ToHeikinAshi', 'D. Valcu, Using the Heikin-Ashi Technique, TASC (2004)'],
  compute: (inputs) =>
    heikinashi(
      series(inputs, 'open'),
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
    ),
};
