import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { sub } from './sub.js';

export const SUB_META: IndicatorMeta = {
  code: 'sub',
  name: 'Vector Arithmetic Subtraction',
  group: 'math',
  aliases: ['minus'],
  inputs: ['high', 'low'],
  params: [],
  outputs: [{ name: 'sub', description: 'a - b with a = first input, b = second input' }],
  lookback: () => 0,
  variant: "Element-wise a - b; inputs default to high and low as in TA-Lib's abstract API",
  references: ['TA-Lib ta_SUB.c'],
  compute: (inputs) => ({ sub: sub(series(inputs, 'high'), series(inputs, 'low')) }),
};
