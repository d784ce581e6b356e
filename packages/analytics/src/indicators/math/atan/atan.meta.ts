import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { atan } from './atan.js';

export const ATAN_META: IndicatorMeta = {
  code: 'atan',
  name: 'Vector Trigonometric ATan',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'atan', description: 'Math.atan of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.atan (TA-Lib ATAN)',
  references: ['TA-Lib ta_ATAN.c'],
  compute: (inputs) => ({ atan: atan(series(inputs, 'close')) }),
};
