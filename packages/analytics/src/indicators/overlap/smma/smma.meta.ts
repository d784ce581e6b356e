import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { smma, smmaLookback } from './smma.js';

export const SMMA_META = seriesIndicator({
  code: 'smma',
  name: 'Smoothed Moving Average (Wilder RMA)',
  group: 'overlap',
  aliases: ['rma', 'wilder_ma'],
  params: [periodParam(20)],
  description: 'Wilder-smoothed close: prev + (x − prev)/period',
  variant: 'Seeded with the SMA of the first period values (as Stock.Indicators SMMA)',
  references: ['Wilder, New Concepts in Technical Trading Systems (1978)', 'Stock.Indicators ToSmma'],
  lookback: (p) => smmaLookback(numParam(p, 'period')),
  run: (x, p) => smma(x, numParam(p, 'period')),
});
