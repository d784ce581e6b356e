import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { cosh } from './cosh.js';

export const COSH_META: IndicatorMeta = {
  code: 'cosh',
  name: 'Vector Trigonometric Cosh',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'cosh', description: 'Math.cosh of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.cosh (TA-Lib COSH)',
  references: ['TA-Lib ta_COSH.c'],
  compute: (inputs) => ({ cosh: cosh(series(inputs, 'close')) }),
};
