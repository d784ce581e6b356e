import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { ao, aoLookback } from './ao.js';

export const AO_META: IndicatorMeta = {
  code: 'ao',
  name: 'Awesome Oscillator',
  group: 'momentum',
  aliases: ['awesome', 'awesome_oscillator'],
  inputs: ['high', 'low'],
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(5, 1, 'fast_period', 'Fast SMA of the median price'),
    periodParam(34, 1, 'slow_period', 'Slow SMA of the median price'),
  ],
  outputs: [
    { name: 'ao', description: 'SMA(median, fast) − SMA(median, slow)' },
    { name: 'normalized', description: '100·ao/median price' },
  ],
  lookback: (p) => aoLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period')),
  variant: 'Median price (h+l)/2, simple averages (Bill Williams; Stock.Indicators ToAwesome)',
  references: ['Williams, New Trading Dimensions (1998)', 'Stock.Indicators ToAwesome'],
  compute: (inputs, p) =>
    ao(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'fast_period'), numParam(p, 'slow_period')),
};
