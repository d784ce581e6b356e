import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { minmax, minmaxLookback } from './minmax.js';

export const MINMAX_META: IndicatorMeta = {
  code: 'minmax',
  name: 'Lowest and highest values over a specified period',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [
    { name: 'min', description: 'Lowest of the last `period` bars' },
    { name: 'max', description: 'Highest of the last `period` bars' },
  ],
  lookback: (p) => minmaxLookback(numParam(p, 'period')),
  variant: 'Trailing window of `period` bars (TA-Lib MINMAX)',
  references: ['TA-Lib ta_MINMAX.c'],
  compute: (inputs, p) => minmax(series(inputs, 'close'), numParam(p, 'period')),
};
