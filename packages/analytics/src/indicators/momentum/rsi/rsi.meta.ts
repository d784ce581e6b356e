import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { rsi, rsiLookback } from './rsi.js';

export const RSI_META = seriesIndicator({
  code: 'rsi',
  name: 'Relative Strength Index',
  group: 'momentum',
  aliases: ['relative_strength_index'],
  params: [periodParam(14)],
  description: '100·avgGain/(avgGain+avgLoss), 0..100',
  variant: 'Wilder smoothing seeded with the simple average of the first period changes (TA-Lib TA_RSI)',
  references: ['TA-Lib ta_RSI.c', 'Wilder, New Concepts in Technical Trading Systems (1978)'],
  lookback: (p) => rsiLookback(numParam(p, 'period')),
  run: (x, p) => rsi(x, numParam(p, 'period')),
});
