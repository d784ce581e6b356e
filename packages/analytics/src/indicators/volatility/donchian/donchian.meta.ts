import type { IndicatorMeta } from '../../../registry/types.js';
import { enumParam, enumValue, numParam, periodParam, series } from '../../core/index.js';
import { donchian, donchianLookback } from './donchian.js';

export const DONCHIAN_META: IndicatorMeta = {
  code: 'donchian',
  name: 'Donchian Channels',
  group: 'volatility',
  aliases: ['donchian_channels', 'price_channel'],
  inputs: ['high', 'low'],
  params: [
    periodParam(20, 1),
    enumParam(
      'window',
      'prior',
      ['prior', 'inclusive'],
      'prior: the `period` bars before the current one (breakout convention); inclusive: ending at the current bar',
    ),
  ],
  outputs: [
    { name: 'upper', description: 'Highest high of the window' },
    { name: 'middle', description: '(upper + lower) / 2' },
    { name: 'lower', description: 'Lowest low of the window' },
  ],
  lookback: (p) =>
    donchianLookback(numParam(p, 'period'), enumValue(p, 'window') === 'inclusive' ? 'inclusive' : 'prior'),
  variant: 'Window excludes the current bar by default (Stock.Indicators ToDonchian)',
  references: ['Stock.Indicators ToDonchian', 'R. Donchian (1960s)'],
  compute: (inputs, p) =>
    donchian(
      series(inputs, 'high'),
      series(inputs, 'low'),
      numParam(p, 'period'),
      enumValue(p, 'window') === 'inclusive' ? 'inclusive' : 'prior',
    ),
};
