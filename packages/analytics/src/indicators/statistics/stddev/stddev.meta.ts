import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, periodParam, series } from '../../core/index.js';
import { stddev, stddevLookback } from './stddev.js';

export const STDDEV_META: IndicatorMeta = {
  code: 'stddev',
  name: 'Standard Deviation',
  group: 'statistics',
  aliases: ['stdev', 'standard_deviation'],
  inputs: ['close'],
  params: [periodParam(5), floatParam('nbdev', 1, -1e6, 1e6, 'Multiplier applied to the deviation')],
  outputs: [
    { name: 'stddev', description: 'nbdev × population standard deviation of the last `period` values' },
  ],
  lookback: (p) => stddevLookback(numParam(p, 'period')),
  variant:
    'Population (not sample) deviation, sqrt(VAR) × nbdev; variance < 1e-14 reported as 0 (TA-Lib STDDEV)',
  references: ['TA-Lib ta_STDDEV.c'],
  compute: (inputs, p) => ({
    stddev: stddev(series(inputs, 'close'), numParam(p, 'period'), numParam(p, 'nbdev')),
  }),
};
