import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { hma, hmaLookback } from './hma.js';

export const HMA_META = seriesIndicator({
  code: 'hma',
  name: 'Hull Moving Average',
  group: 'overlap',
  aliases: ['hull_moving_average'],
  params: [periodParam(20, 4)],
  description: 'WMA(2·WMA(n/2) − WMA(n), √n)',
  variant: 'Integer half and square-root windows (floor), as Stock.Indicators ToHma',
  references: ['Alan Hull (2005), alanhull.com', 'Stock.Indicators ToHma'],
  lookback: (p) => hmaLookback(numParam(p, 'period')),
  run: (x, p) => hma(x, numParam(p, 'period')),
});
