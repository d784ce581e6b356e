import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { typprice } from './typprice.js';

export const TYPPRICE_META: IndicatorMeta = {
  code: 'typprice',
  name: 'Typical Price',
  group: 'price_transform',
  aliases: ['typical_price'],
  inputs: ['high', 'low', 'close'],
  params: [],
  outputs: [{ name: 'typprice', description: '(H + L + C) / 3' }],
  lookback: () => 0,
  variant: '(H + L + C) / 3 (TA-Lib TYPPRICE)',
  references: ['TA-Lib ta_TYPPRICE.c'],
  compute: (inputs) => ({
    typprice: typprice(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close')),
  }),
};
