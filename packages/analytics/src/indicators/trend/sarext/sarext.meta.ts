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
      'startvalue',
      0,
      -3e37,
      3e37,
      '0: direction from the data; > 0 start long at this SAR; < 0 start short at |value|',
    ),
    floatParam('offsetonreverse', 0, 0, 1, 'Fraction the SAR is pushed away from price on a reversal'),
    floatParam('accelerationinitlong', 0.02, 0, 1, 'Initial long acceleration factor'),
    floatParam('accelerationlong', 0.02, 0, 1, 'Long acceleration step'),
    floatParam('accelerationmaxlong', 0.2, 0, 1, 'Long acceleration cap'),
    floatParam('accelerationinitshort', 0.02, 0, 1, 'Initial short acceleration factor'),
    floatParam('accelerationshort', 0.02, 0, 1, 'Short acceleration step'),
    floatParam('accelerationmaxshort', 0.2, 0, 1, 'Short acceleration cap'),
  ],
  outputs: [{ name: 'sarext', description: 'SAR level; negative while short (TA-Lib convention)' }],
  lookback: () => sarextLookback(),
  variant:
    'TA-Lib SAREXT: separate long/short acceleration, optional start value and reversal offset; short values negated',
  references: ['TA-Lib ta_SAREXT.c'],
  compute: (inputs, p) => ({
    sarext: sarext(series(inputs, 'high'), series(inputs, 'low'), {
      startValue: numParam(p, 'startvalue'),
      offsetOnReverse: numParam(p, 'offsetonreverse'),
      accelerationInitLong: numParam(p, 'accelerationinitlong'),
      accelerationLong: numParam(p, 'accelerationlong'),
      accelerationMaxLong: numParam(p, 'accelerationmaxlong'),
      accelerationInitShort: numParam(p, 'accelerationinitshort'),
      accelerationShort: numParam(p, 'accelerationshort'),
      accelerationMaxShort: numParam(p, 'accelerationmaxshort'),
    }),
  }),
};
