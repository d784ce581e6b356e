import type { IndicatorMeta } from '../../../registry/types.js';
import { floatParam, numParam, series } from '../../core/index.js';
import { sarext, sarextLookback } from './sarext.js';

export const SAREXT_META: IndicatorMeta = {
  code: 'sarext',
  name: 'Parabolic SAR - Extended',
  group: 'trend',
  aliases: [],
  inputs: ['high', 'low'],
  params: [
    floatParam(
      'start_value',
      0,
      -3e37,
      3e37,
      '0: direction from the data; > 0 start long at this SAR; < 0 start short at |value|',
    ),
    floatParam('offset_on_reverse', 0, 0, 1, 'Fraction the SAR is pushed away from price on a reversal'),
    floatParam('acceleration_init_long', 0.02, 0, 1, 'Initial long acceleration factor'),
    floatParam('acceleration_long', 0.02, 0, 1, 'Long acceleration step'),
    floatParam('acceleration_max_long', 0.2, 0, 1, 'Long acceleration cap'),
    floatParam('acceleration_init_short', 0.02, 0, 1, 'Initial short acceleration factor'),
    floatParam('acceleration_short', 0.02, 0, 1, 'Short acceleration step'),
    floatParam('acceleration_max_short', 0.2, 0, 1, 'Short acceleration cap'),
  ],
  outputs: [{ name: 'sarext', description: 'SAR level; negative while short (TA-Lib convention)' }],
  lookback: () => sarextLookback(),
  variant:
    'TA-Lib SAREXT: separate long/short acceleration, optional start value and reversal offset; short values negated',
  references: ['TA-Lib ta_SAREXT.c'],
  compute: (inputs, p) => ({
    sarext: sarext(series(inputs, 'high'), series(inputs, 'low'), {
      startValue: numParam(p, 'start_value'),
      offsetOnReverse: numParam(p, 'offset_on_reverse'),
      accelerationInitLong: numParam(p, 'acceleration_init_long'),
      accelerationLong: numParam(p, 'acceleration_long'),
      accelerationMaxLong: numParam(p, 'acceleration_max_long'),
      accelerationInitShort: numParam(p, 'acceleration_init_short'),
      accelerationShort: numParam(p, 'acceleration_short'),
      accelerationMaxShort: numParam(p, 'acceleration_max_short'),
    }),
  }),
};
