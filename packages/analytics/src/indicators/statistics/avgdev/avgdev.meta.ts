import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { avgdev, avgdevLookback } from './avgdev.js';

export const AVGDEV_META: IndicatorMeta = {
  code: 'avgdev',
  name: 'Average Deviation',
  group: 'statistics',
  aliases: ['mean_absolute_deviation', 'mad'],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [{ name: 'avgdev', description: 'Mean absolute deviation from the window mean' }],
  lookback: (p) => avgdevLookback(numParam(p, 'period')),
  variant: 'TA-Lib AVGDEV (window mean recomputed per bar)',
  references: ['TA-Lib ta_AVGDEV.c'],
  compute: (inputs, p) => ({ avgdev: avgdev(series(inputs, 'close'), numParam(p, 'period')) }),
};
