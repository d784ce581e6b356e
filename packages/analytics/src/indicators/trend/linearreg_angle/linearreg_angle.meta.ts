import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { linregLookback } from '../linearreg/linear-regression.js';
import { linearregAngle } from './linearreg_angle.js';

export const LINEARREG_ANGLE_META: IndicatorMeta = {
  code: 'linearreg_angle',
  name: 'Linear Regression Angle',
  group: 'trend',
  aliases: [],
  inputs: ['close'],
  params: [periodParam(14)],
  outputs: [{ name: 'linearreg_angle', description: 'atan(slope) in degrees' }],
  lookback: (p) => linregLookback(numParam(p, 'period')),
  variant: 'Rolling ordinary least squares over `period` bars, recomputed per window (TA-Lib)',
  references: ['TA-Lib ta_LINEARREG_ANGLE.c'],
  compute: (inputs, p) => ({
    linearreg_angle: linearregAngle(series(inputs, 'close'), numParam(p, 'period')),
  }),
};
