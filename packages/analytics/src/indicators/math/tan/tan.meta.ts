import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { tan } from './tan.js';

export const TAN_META: IndicatorMeta = {
  code: 'tan',
  name: 'Vector Trigonometric Tan',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'tan', description: 'Math.tan of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.tan (TA-Lib TAN)',
  references: ['TA-Lib ta_TAN.c'],
  compute: (inputs) => ({ tan: tan(series(inputs, 'close')) }),
};
