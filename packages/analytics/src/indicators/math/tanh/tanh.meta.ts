import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { tanh } from './tanh.js';

export const TANH_META: IndicatorMeta = {
  code: 'tanh',
  name: 'Vector Trigonometric Tanh',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'tanh', description: 'Math.tanh of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.tanh (TA-Lib TANH)',
  references: ['TA-Lib ta_TANH.c'],
  compute: (inputs) => ({ tanh: tanh(series(inputs, 'close')) }),
};
