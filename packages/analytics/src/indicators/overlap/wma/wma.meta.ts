import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { wma, wmaLookback } from './wma.js';

export const WMA_META = seriesIndicator({
  code: 'wma',
  name: 'Weighted Moving Average',
  group: 'overlap',
  aliases: ['weighted_moving_average', 'lwma'],
  params: [periodParam(30)],
  description: 'Linearly weighted mean of the last period closes',
  variant: 'Weights 1..period, newest heaviest (TA-Lib TA_WMA)',
  references: ['TA-Lib ta_WMA.c'],
  lookback: (p) => wmaLookback(numParam(p, 'period')),
  run: (x, p) => wma(x, numParam(p, 'period')),
});
