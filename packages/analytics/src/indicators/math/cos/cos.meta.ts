import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { cos } from './cos.js';

export const COS_META: IndicatorMeta = {
  code: 'cos',
  name: 'Vector Trigonometric Cos',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'cos', description: 'Math.cos of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.cos (TA-Lib COS)',
  references: ['TA-Lib ta_COS.c'],
  compute: (inputs) => ({ cos: cos(series(inputs, 'close')) }),
};
