import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { dmLookback } from '../plus_dm/plus_dm.js';
import { minusDm } from './minus_dm.js';

export const MINUS_DM_META: IndicatorMeta = {
  code: 'minus_dm',
  name: 'Minus Directional Movement',
  group: 'momentum',
  aliases: [],
  inputs: ['high', 'low'],
  params: [periodParam(14)],
  outputs: [{ name: 'minus_dm', description: 'Wilder-smoothed −DM' }],
  lookback: (p) => dmLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_MINUS_DM: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_MINUS_DM.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    minus_dm: minusDm(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
  }),
};
