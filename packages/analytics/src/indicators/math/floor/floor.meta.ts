import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { floor } from './floor.js';

export const FLOOR_META: IndicatorMeta = {
  code: 'floor',
  name: 'Vector Floor',
  group: 'math',
  aliases: [],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'floor', description: 'Math.floor of each value' }],
  lookback: () => 0,
  variant: 'Element-wise Math.floor (TA-Lib FLOOR)',
  references: ['TA-Lib ta_FLOOR.c'],
  compute: (inputs) => ({ floor: floor(series(inputs, 'close')) }),
};
