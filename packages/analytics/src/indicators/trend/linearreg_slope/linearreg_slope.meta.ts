import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { linregLookback } from '../linearreg/linear-regression.js';
import { linearregSlope } from './linearreg_slope.js';

export const LINEARREG_SLOPE_META: IndicatorMeta = {
  code: 'linearreg_slope',
  name: 'Linear Regression Slope',
  group: 'trend',
  aliases: ['slope'],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [{ name: 'linearreg_slope', description: 'Least-squares slope, price units per bar' }],
  lookback: (p) => linregLookback(numParam(p, 'period')),
  variant: 'Rolling ordinary least squares over `period` bars, recomputed per window (TA-Lib)',
  references: ['TA-Lib ta_LINEARREG_SLOPE.c'],
  compute: (inputs, p) => ({
    linearreg_slope: linearregSlope(series(inputs, 'close'), numParam(p, 'period')),
  }),
};
