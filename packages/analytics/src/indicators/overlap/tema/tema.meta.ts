import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { tema, temaLookback } from './tema.js';

export const TEMA_META = seriesIndicator({
  code: 'tema',
  name: 'Triple Exponential Moving Average',
  group: 'overlap',
  params: [periodParam(30)],
  description: '3·EMA − 3·EMA(EMA) + EMA(EMA(EMA))',
  variant: 'Each EMA seeded with an SMA of its input (TA-Lib TA_TEMA)',
  references: ['TA-Lib ta_TEMA.c', 'Mulloy, Stocks & Commodities, Jan 1994'],
  lookback: (p) => temaLookback(numParam(p, 'period')),
  run: (x, p) => tema(x, numParam(p, 'period')),
});
