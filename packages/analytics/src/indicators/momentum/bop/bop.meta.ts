import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { bop } from './bop.js';

export const BOP_META: IndicatorMeta = {
  code: 'bop',
  name: 'Balance Of Power',
  group: 'momentum',
  aliases: ['balance_of_power'],
  inputs: ['open', 'high', 'low', 'close'],
  params: [],
  outputs: [{ name: 'bop', description: '(close − open)/(high − low), −1..1' }],
  lookback: () => 0,
  variant: 'TA-Lib TA_BOP (unsmoothed; 0 when the range is 0)',
  references: ['TA-Lib ta_BOP.c', 'Livshin, Stocks & Commodities (2001)'],
  compute: (inputs) => ({
    bop: bop(series(inputs, 'open'), series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close')),
  }),
};
