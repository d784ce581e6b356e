import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { ceil } from './ceil.js';

export const CEIL_META: IndicatorMeta = {
  code: 'ceil',
  name: 'Vector Ceil',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'ceil', description: 'Math.ceil of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.ceil (TA-Lib CEIL)',
  references: ['TA-Lib ta_CEIL.c'],
  compute: (inputs) => ({ ceil: ceil(series(inputs, 'close')) }),
};
