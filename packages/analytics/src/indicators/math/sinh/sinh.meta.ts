import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { sinh } from './sinh.js';

export const SINH_META: IndicatorMeta = {
  code: 'sinh',
  name: 'Vector Trigonometric Sinh',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'sinh', description: 'Math.sinh of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.sinh (TA-Lib SINH)',
  references: ['TA-Lib ta_SINH.c'],
  compute: (inputs) => ({ sinh: sinh(series(inputs, 'close')) }),
};
