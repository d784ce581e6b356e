import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { sum, sumLookback } from './sum.js';

export const SUM_META: IndicatorMeta = {
  code: 'sum',
  name: 'Summation',
  group: 'math',
  aliases: ['rolling_sum'],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [{ name: 'sum', description: 'Sum of the last `period` bars' }],
  lookback: (p) => sumLookback(numParam(p, 'period')),
  variant: 'Trailing window of `period` bars (TA-Lib SUM)',
  references: ['TA-Lib ta_SUM.c'],
  compute: (inputs, p) => ({ sum: sum(series(inputs, 'close'), numParam(p, 'period')) }),
};
