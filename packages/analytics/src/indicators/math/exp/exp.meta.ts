import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { exp } from './exp.js';

export const EXP_META: IndicatorMeta = {
  code: 'exp',
  name: 'Vector Arithmetic Exp',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'exp', description: 'Math.exp of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.exp (TA-Lib EXP)',
  references: ['TA-Lib ta_EXP.c'],
  compute: (inputs) => ({ exp: exp(series(inputs, 'close')) }),
};
