import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { log10 } from './log10.js';

export const LOG10_META: IndicatorMeta = {
  code: 'log10',
  name: 'Vector Log10',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'log10', description: 'Math.log10 of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.log10 (TA-Lib LOG10)',
  references: ['TA-Lib ta_LOG10.c'],
  compute: (inputs) => ({ log10: log10(series(inputs, 'close')) }),
};
