import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { minmaxindex, minmaxindexLookback } from './minmaxindex.js';

export const MINMAXINDEX_META: IndicatorMeta = {
  code: 'minmaxindex',
  name: 'Indexes of lowest and highest values over a specified period',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(30)],
  outputs: [
    { name: 'minidx', description: 'Index (into the input) of the lowest of the last `period` bars' },
    { name: 'maxidx', description: 'Index (into the input) of the highest of the last `period` bars' },
  ],
  lookback: (p) => minmaxindexLookback(numParam(p, 'period')),
  variant: 'Trailing window of `period` bars (TA-Lib MINMAXINDEX); TA-Lib tie rules',
  references: ['TA-Lib ta_MINMAXINDEX.c'],
  compute: (inputs, p) => minmaxindex(series(inputs, 'close'), numParam(p, 'period')),
};
