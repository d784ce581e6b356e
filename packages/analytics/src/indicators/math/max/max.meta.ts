import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { max, maxLookback } from './max.js';

export const MAX_META: IndicatorMeta = {
  code: 'max',
  name: 'Highest value over a specified period',
  group: 'math',
  aliases: ['highest'],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [{ name: 'max', description: 'Highest value of the last `period` bars' }],
  lookback: (p) => maxLookback(numParam(p, 'period')),
  variant: 'Trailing window of `period` bars (TA-Lib MAX)',
  references: ['TA-Lib ta_MAX.c'],
  compute: (inputs, p) => ({ max: max(series(inputs, 'close'), numParam(p, 'period')) }),
};
