import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { diLookback } from '../plus_di/plus_di.js';
import { minusDi } from './minus_di.js';

export const MINUS_DI_META: IndicatorMeta = {
  code: 'minus_di',
  name: 'Minus Directional Indicator',
  group: 'momentum',
  aliases: ['-di', 'mdi'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'minus_di', description: '100·(−DM/TR), Wilder-smoothed' }],
  lookback: (p) => diLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_MINUS_DI: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_MINUS_DI.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    minus_di: minusDi(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
    ),
  }),
};
