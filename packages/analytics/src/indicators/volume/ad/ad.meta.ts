import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { ad } from './ad.js';

export const AD_META: IndicatorMeta = {
  code: 'ad',
  name: 'Chaikin A/D Line',
  group: 'volume',
  aliases: ['adl', 'accumulation_distribution'],
  inputs: ['high', 'low', 'close', 'volume'],
  params: [],
  outputs: [{ name: 'ad', description: 'Running total of money-flow volume' }],
  lookback: () => 0,
  variant: 'TA-Lib AD: money-flow multiplier ((C−L)−(H−C))/(H−L), 0 when H = L',
  references: ['TA-Lib ta_AD.c', 'M. Chaikin'],
  compute: (inputs) => ({
    ad: ad(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), series(inputs, 'volume')),
  }),
};
