import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { acos } from './acos.js';

export const ACOS_META: IndicatorMeta = {
  code: 'acos',
  name: 'Vector Trigonometric ACos',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'acos', description: 'Math.acos of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.acos (TA-Lib ACOS)',
  references: ['TA-Lib ta_ACOS.c'],
  inputDomain: [-1, 1],
  compute: (inputs) => ({ acos: acos(series(inputs, 'close')) }),
};
