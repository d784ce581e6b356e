import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { diLookback } from '../plus_di/plus_di.js';
import { dx } from './dx.js';

export const DX_META: IndicatorMeta = {
  code: 'dx',
  name: 'Directional Movement Index',
  group: 'momentum',
  aliases: [],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'dx', description: '100·|+DI − −DI|/(+DI + −DI)' }],
  lookback: (p) => diLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_DX: Wilder sums seeded with the plain sum of the first period−1 bars',
  references: ['TA-Lib ta_DX.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  compute: (inputs, p) => ({
    dx: dx(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
