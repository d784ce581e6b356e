import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { wclprice } from './wclprice.js';

export const WCLPRICE_META: IndicatorMeta = {
  code: 'wclprice',
  name: 'Weighted Close Price',
  group: 'price_transform',
  aliases: ['weighted_close'],
  inputs: ['high', 'low', 'close'],
  params: [],
  outputs: [{ name: 'wclprice', description: '(H + L + 2C) / 4' }],
  lookback: () => 0,
  variant: '(H + L + 2C) / 4 (TA-Lib WCLPRICE)',
  references: ['TA-Lib ta_WCLPRICE.c'],
  compute: (inputs) => ({
    wclprice: wclprice(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close')),
  }),
};
