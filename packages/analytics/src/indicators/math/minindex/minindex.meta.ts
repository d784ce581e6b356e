import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { minindex, minindexLookback } from './minindex.js';

export const MININDEX_META: IndicatorMeta = {
  code: 'minindex',
  name: 'Index of lowest value over a specified period',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [
    { name: 'minindex', description: 'Index (into the input) of the lowest of the last `period` bars' },
  ],
  lookback: (p) => minindexLookback(numParam(p, 'period')),
  variant:
    'Trailing window of `period` bars (TA-Lib MININDEX); ties as TA-Lib (rescan keeps the earliest, a new equal bar replaces)',
  references: ['TA-Lib ta_MININDEX.c'],
  compute: (inputs, p) => ({ minindex: minindex(series(inputs, 'close'), numParam(p, 'period')) }),
};
