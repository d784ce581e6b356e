import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { sqrt } from './sqrt.js';

export const SQRT_META: IndicatorMeta = {
  code: 'sqrt',
  name: 'Vector Square Root',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'sqrt', description: 'Math.sqrt of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.sqrt (TA-Lib SQRT)',
  references: ['TA-Lib ta_SQRT.c'],
  compute: (inputs) => ({ sqrt: sqrt(series(inputs, 'close')) }),
};
