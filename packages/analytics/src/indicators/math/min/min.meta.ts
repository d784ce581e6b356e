import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { min, minLookback } from './min.js';

export const MIN_META: IndicatorMeta = {
  code: 'min',
  name: 'Lowest value over a specified period',
  group: 'math',
  aliases: ['lowest'],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [{ name: 'min', description: 'Lowest value of the last `period` bars' }],
  lookback: (p) => minLookback(numParam(p, 'period')),
  variant: 'Trailing window of `period` bars (TA-Lib MIN)',
  references: ['TA-Lib ta_MIN.c'],
  compute: (inputs, p) => ({ min: min(series(inputs, 'close'), numParam(p, 'period')) }),
};
