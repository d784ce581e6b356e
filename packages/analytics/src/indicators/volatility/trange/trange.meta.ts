import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { trange, trangeLookback } from './trange.js';

export const TRANGE_META: IndicatorMeta = {
  code: 'trange',
  name: 'True Range',
  group: 'volatility',
  aliases: ['tr', 'true_range'],
  inputs: ['high', 'low', 'close'],
  params: [],
  outputs: [{ name: 'trange', description: 'max(high, previous close) − min(low, previous close)' }],
  lookback: () => trangeLookback(),
  variant: 'TA-Lib TRANGE',
  references: ['TA-Lib ta_TRANGE.c', 'J. W. Wilder (1978)'],
  compute: (inputs) => ({
    trange: trange(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close')),
  }),
};
