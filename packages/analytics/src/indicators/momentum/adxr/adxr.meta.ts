import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { adxr, adxrLookback } from './adxr.js';

export const ADXR_META: IndicatorMeta = {
  code: 'adxr',
  name: 'Average Directional Movement Index Rating',
  group: 'momentum',
  aliases: [],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'adxr', description: '(ADX[t] + ADX[t−period+1])/2' }],
  lookback: (p) => adxrLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_ADXR: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_ADXR.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    adxr: adxr(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
