import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { mult } from './mult.js';

export const MULT_META: IndicatorMeta = {
  code: 'mult',
  name: 'Vector Arithmetic Mult',
  group: 'math',
  aliases: ['multiply'],
  inputs: ['high', 'low'],
  params: [],
  outputs: [{ name: 'mult', description: 'a * b with a = first input, b = second input' }],
  lookback: () => 0,
  variant: "Element-wise a * b; inputs default to high and low as in TA-Lib's abstract API",
  references: ['TA-Lib ta_MULT.c'],
  compute: (inputs) => ({ mult: mult(series(inputs, 'high'), series(inputs, 'low')) }),
};
