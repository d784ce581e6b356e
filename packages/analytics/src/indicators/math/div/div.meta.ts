import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { div } from './div.js';

export const DIV_META: IndicatorMeta = {
  code: 'div',
  name: 'Vector Arithmetic Div',
  group: 'math',
  aliases: ['divide'],
  inputs: ['high', 'low'],
  params: [],
  outputs: [{ name: 'div', description: 'a / b with a = first input, b = second input' }],
  lookback: () => 0,
  variant: "Element-wise a / b; inputs default to high and low as in TA-Lib's abstract API",
  references: ['TA-Lib ta_DIV.c'],
  compute: (inputs) => ({ div: div(series(inputs, 'high'), series(inputs, 'low')) }),
};
