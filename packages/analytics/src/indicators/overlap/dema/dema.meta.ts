import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { dema, demaLookback } from './dema.js';

export const DEMA_META = seriesIndicator({
  code: 'dema',
  name: 'Double Exponential Moving Average',
  group: 'overlap',
  params: [periodParam(30)],
  description: '2·EMA − EMA(EMA)',
  variant: 'Each EMA seeded with an SMA of its input (TA-Lib TA_DEMA)',
  references: ['TA-Lib ta_DEMA.c', 'Mulloy, Stocks & Commodities, Feb 1994'],
  lookback: (p) => demaLookback(numParam(p, 'period')),
  run: (x, p) => dema(x, numParam(p, 'period')),
});
