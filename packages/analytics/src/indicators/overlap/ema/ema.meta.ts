import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { ema, emaLookback } from './ema.js';

export const EMA_META = seriesIndicator({
  code: 'ema',
  name: 'Exponential Moving Average',
  group: 'overlap',
  aliases: ['exponential_moving_average'],
  params: [periodParam(30)],
  description: 'EMA of the close, alpha = 2/(period+1)',
  variant: 'Seeded with the SMA of the first period values (TA-Lib classic)',
  references: ['TA-Lib ta_EMA.c'],
  lookback: (p) => emaLookback(numParam(p, 'period')),
  run: (x, p) => ema(x, numParam(p, 'period')),
});
