import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { dmLookback, plusDm } from './plus_dm.js';

export const PLUS_DM_META: IndicatorMeta = {
  code: 'plus_dm',
  name: 'Plus Directional Movement',
  group: 'momentum',
  aliases: [],
  inputs: ['high', 'low'],
  params: [periodParam(14)],
  outputs: [{ name: 'plus_dm', description: 'Wilder-smoothed +DM' }],
  lookback: (p) => dmLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_PLUS_DM: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_PLUS_DM.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    plus_dm: plusDm(series(inputs, 'high'), series(inputs, 'low'), numParam(p, 'period')),
  }),
};
