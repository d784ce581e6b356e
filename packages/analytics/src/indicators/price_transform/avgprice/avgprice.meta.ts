import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { avgprice } from './avgprice.js';

export const AVGPRICE_META: IndicatorMeta = {
  code: 'avgprice',
  name: 'Average Price',
  group: 'price_transform',
  aliases: ['average_price'],
  inputs: ['open', 'high', 'low', 'close'],
  params: [],
  outputs: [{ name: 'avgprice', description: '(O + H + L + C) / 4' }],
  lookback: () => 0,
  variant: '(O + H + L + C) / 4 (TA-Lib AVGPRICE)',
  references: ['TA-Lib ta_AVGPRICE.c'],
  compute: (inputs) => ({
    avgprice: avgprice(
      series(inputs, 'open'),
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
    ),
  }),
};
