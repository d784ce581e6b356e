import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { kama, kamaLookback } from './kama.js';

export const KAMA_META = seriesIndicator({
  code: 'kama',
  name: 'Kaufman Adaptive Moving Average',
  group: 'overlap',
  params: [periodParam(30, 2, 'period', 'Bars in the efficiency-ratio window')],
  description: 'EMA whose smoothing adapts to the efficiency ratio',
  variant: 'Fast 2 / slow 30 constants fixed, as TA-Lib TA_KAMA (Stock.Indicators exposes them)',
  references: ['TA-Lib ta_KAMA.c', 'Kaufman, Smarter Trading (1995)'],
  lookback: (p) => kamaLookback(numParam(p, 'period')),
  run: (x, p) => kama(x, numParam(p, 'period')),
});
