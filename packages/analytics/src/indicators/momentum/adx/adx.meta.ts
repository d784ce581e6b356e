import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { adx, adxLookback } from './adx.js';

export const ADX_META: IndicatorMeta = {
  code: 'adx',
  name: 'Average Directional Movement Index',
  group: 'momentum',
  aliases: ['average_directional_index'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'adx', description: 'Wilder-smoothed DX' }],
  lookback: (p) => adxLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_ADX: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_ADX.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    adx: adx(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
