import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { maxindex, maxindexLookback } from './maxindex.js';

export const MAXINDEX_META: IndicatorMeta = {
  code: 'maxindex',
  name: 'Index of highest value over a specified period',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [
    { name: 'maxindex', description: 'Index (into the input) of the highest of the last `period` bars' },
  ],
  lookback: (p) => maxindexLookback(numParam(p, 'period')),
  variant:
    'Trailing window of `period` bars (TA-Lib MAXINDEX); ties as TA-Lib (rescan keeps the earliest, a new equal bar replaces)',
  references: ['TA-Lib ta_MAXINDEX.c'],
  compute: (inputs, p) => ({ maxindex: maxindex(series(inputs, 'close'), numParam(p, 'period')) }),
};
