import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { linregLookback } from './linear-regression.js';
import { linearreg } from './linearreg.js';

export const LINEARREG_META: IndicatorMeta = {
  code: 'linearreg',
  name: 'Linear Regression',
  group: 'trend',
  aliases: ['linear_regression'],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [{ name: 'linearreg', description: 'Least-squares line evaluated at the current bar' }],
  lookback: (p) => linregLookback(numParam(p, 'period')),
  variant: 'Rolling ordinary least squares over `period` bars, recomputed per window (TA-Lib)',
  references: ['TA-Lib ta_LINEARREG.c'],
  compute: (inputs, p) => ({ linearreg: linearreg(series(inputs, 'close'), numParam(p, 'period')) }),
};
