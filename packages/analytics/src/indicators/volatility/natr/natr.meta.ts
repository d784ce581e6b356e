import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { natr, natrLookback } from './natr.js';

export const NATR_META: IndicatorMeta = {
  code: 'natr',
  name: 'Normalized Average True Range',
  group: 'volatility',
  aliases: ['atrp', 'atr_percent'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14, 1)],
  outputs: [{ name: 'natr', description: '100 × ATR / close' }],
  lookback: (p) => natrLookback(numParam(p, 'period')),
  variant: 'TA-Lib NATR (0 where close ≈ 0); period 1 is 100 × TR / close (TA-Lib returns the raw TR there)',
  references: ['TA-Lib ta_NATR.c'],
  compute: (inputs, p) => ({
    natr: natr(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
