import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { midprice, midpriceLookback } from './midprice.js';

export const MIDPRICE_META: IndicatorMeta = {
  code: 'midprice',
  name: 'Midpoint Price over period',
  group: 'overlap',
  aliases: [],
  inputs: ['high', 'low'],
  params: [periodParam(14)],
  outputs: [{ name: 'midprice', description: '(highest high + lowest low)/2 over the window' }],
  lookback: (p) => midpriceLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_MIDPRICE',
  references: ['TA-Lib ta_MIDPRICE.c'],
  compute: (inputs, p) => ({
    midprice: midprice(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
  }),
};
