import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { sin } from './sin.js';

export const SIN_META: IndicatorMeta = {
  code: 'sin',
  name: 'Vector Trigonometric Sin',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'sin', description: 'Math.sin of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.sin (TA-Lib SIN)',
  references: ['TA-Lib ta_SIN.c'],
  compute: (inputs) => ({ sin: sin(series(inputs, 'close')) }),
};
