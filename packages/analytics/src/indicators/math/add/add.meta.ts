import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { add } from './add.js';

export const ADD_META: IndicatorMeta = {
  code: 'add',
  name: 'Vector Arithmetic Add',
  group: 'math',
  aliases: ['plus'],
  inputs: ['high', 'low'],
  params: [],
  outputs: [{ name: 'add', description: 'a + b with a = first input, b = second input' }],
  lookback: () => 0,
  variant: "Element-wise a + b; inputs default to high and low as in TA-Lib's abstract API",
  references: ['TA-Lib ta_ADD.c'],
  compute: (inputs) => ({ add: add(series(inputs, 'high'), series(inputs, 'low')) }),
};
