import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { asin } from './asin.js';

export const ASIN_META: IndicatorMeta = {
  code: 'asin',
  name: 'Vector Trigonometric ASin',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'asin', description: 'Math.asin of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.asin (TA-Lib ASIN)',
  references: ['TA-Lib ta_ASIN.c'],
  inputDomain: [-1, 1],
  compute: (inputs) => ({ asin: asin(series(inputs, 'close')) }),
};
