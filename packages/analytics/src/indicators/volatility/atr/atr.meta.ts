import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { atr, atrLookback } from './atr.js';

export const ATR_META: IndicatorMeta = {
  code: 'atr',
  name: 'Average True Range',
  group: 'volatility',
  aliases: ['average_true_range'],
  inputs: ['high', 'low', 'close'],
  params: [periodParam(14, 1)],
  outputs: [{ name: 'atr', description: 'Wilder-smoothed true range' }],
  lookback: (p) => atrLookback(numParam(p, 'period')),
  variant:
    'Wilder smoothing (alpha 1/period) seeded with the SMA of the first `period` true ranges (TA-Lib ATR)',
  references: ['TA-Lib ta_ATR.c', 'J. W. Wilder (1978)'],
  compute: (inputs, p) => ({
    atr: atr(series(inputs, 'high'), series(inputs, 'low'), series(inputs, 'close'), numParam(p, 'period')),
  }),
};
