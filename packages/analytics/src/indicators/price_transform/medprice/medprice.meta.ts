import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { medprice } from './medprice.js';

export const MEDPRICE_META: IndicatorMeta = {
  code: 'medprice',
  name: 'Median Price',
  group: 'price_transform',
  aliases: ['median_price'],
  inputs: ['high', 'low'],
  params: [],
  outputs: [{ name: 'medprice', description: '(H + L) / 2' }],
  lookback: () => 0,
  variant: '(H + L) / 2 (TA-Lib MEDPRICE)',
  references: ['TA-Lib ta_MEDPRICE.c'],
  compute: (inputs) => ({ medprice: medprice(series(inputs, 'high'), series(inputs, 'low')) }),
};
