import { floatParam, numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { t3, t3Lookback } from './t3.js';

export const T3_META = seriesIndicator({
  code: 't3',
  name: 'Triple Exponential Moving Average (T3)',
  group: 'overlap',
  aliases: ['tillson_t3'],
  params: [periodParam(5), floatParam('v_factor', 0.7, 0, 1, 'Volume factor (0 = EMA³-like, 1 = DEMA-like)')],
  description: 'Tillson T3 of the close',
  variant: 'Six EMAs each seeded with an SMA of its input (TA-Lib TA_T3)',
  references: ['TA-Lib ta_T3.c', 'Tillson, Stocks & Commodities, Jan 1998'],
  lookback: (p) => t3Lookback(numParam(p, 'period')),
  run: (x, p) => t3(x, numParam(p, 'period'), numParam(p, 'v_factor')),
});
