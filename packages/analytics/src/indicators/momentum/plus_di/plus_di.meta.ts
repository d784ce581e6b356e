import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { diLookback, plusDi } from './plus_di.js';

export const PLUS_DI_META: IndicatorMeta = {
  code: 'plus_di',
  name: 'Plus Directional Indicator',
  group: 'momentum',
  aliases: ['+di', 'pdi'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'plus_di', description: '100·(+DM/TR), Wilder-smoothed' }],
  lookback: (p) => diLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_PLUS_DI: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_PLUS_DI.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    plus_di: plusDi(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
    ),
  }),
};
