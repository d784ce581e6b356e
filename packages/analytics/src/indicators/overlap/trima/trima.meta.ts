import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { trima, trimaLookback } from './trima.js';

export const TRIMA_META = seriesIndicator({
  code: 'trima',
  name: 'Triangular Moving Average',
  group: 'overlap',
  aliases: ['triangular_moving_average'],
  params: [periodParam(30)],
  description: 'Triangularly weighted mean of the last period closes',
  variant: 'SMA of SMA with lengths summing to period+1 (weights as TA-Lib TA_TRIMA)',
  references: ['TA-Lib ta_TRIMA.c'],
  lookback: (p) => trimaLookback(numParam(p, 'period')),
  run: (x, p) => trima(x, numParam(p, 'period')),
});
