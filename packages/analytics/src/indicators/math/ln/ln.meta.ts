import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { ln } from './ln.js';

export const LN_META: IndicatorMeta = {
  code: 'ln',
  name: 'Vector Log Natural',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'ln', description: 'Math.log of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.log (TA-Lib LN)',
  references: ['TA-Lib ta_LN.c'],
  compute: (inputs) => ({ ln: ln(series(inputs, 'close')) }),
};
