import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { linregLookback } from '../linearreg/linear-regression.js';
import { linearregIntercept } from './linearreg_intercept.js';

export const LINEARREG_INTERCEPT_META: IndicatorMeta = {
  code: 'linearreg_intercept',
  name: 'Linear Regression Intercept',
  group: 'trend',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [
    {
      name: 'linearreg_intercept',
      description: 'Least-squares line evaluated at the oldest bar of the window',
    },
  ],
  lookback: (p) => linregLookback(numParam(p, 'period')),
  variant: 'Rolling ordinary least squares over `period` bars, recomputed per window (TA-Lib)',
  references: ['TA-Lib ta_LINEARREG_INTERCEPT.c'],
  compute: (inputs, p) => ({
    linearreg_intercept: linearregIntercept(series(inputs, 'close'), numParam(p, 'period')),
  }),
};
