import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { cmf, cmfLookback } from './cmf.js';

export const CMF_META: IndicatorMeta = {
  code: 'cmf',
  name: 'Chaikin Money Flow',
  group: 'volume',
  aliases: ['chaikin_money_flow'],
  inputs: ['high', 'low', 'close', 'volume'],
  params: [periodParam(20, 1)],
  outputs: [{ name: 'cmf', description: 'Σ money-flow volume / Σ volume over `period` bars' }],
  lookback: (p) => cmfLookback(numParam(p, 'period')),
  variant: 'Stock.Indicators ToCmf; NaN when the window volume is 0',
  references: ['M. Chaikin', 'Stock.Indicators ToCmf'],
  compute: (inputs, p) => ({
    cmf: cmf(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      series(inputs, 'volume'),
      numParam(p, 'period'),
    ),
  }),
};
