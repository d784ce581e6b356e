import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { willr, willrLookback } from './willr.js';

export const WILLR_META: IndicatorMeta = {
  code: 'willr',
  name: "Williams' %R",
  group: 'momentum',
  aliases: ['williams_r', 'williamsr'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14)],
  outputs: [{ name: 'willr', description: '−100..0: where the close sits below the window high' }],
  lookback: (p) => willrLookback(numParam(p, 'period')),
  variant: 'TA-Lib TA_WILLR (0 when the range is 0)',
  references: ['TA-Lib ta_WILLR.c', 'Williams, How I Made One Million Dollars… (1973)'],
  compute: (inputs, p) => ({
    willr: willr(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'period'),
    ),
  }),
};
