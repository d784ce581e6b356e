import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { rocr100, rocr100Lookback } from './rocr100.js';

export const ROCR100_META = seriesIndicator({
  code: 'rocr100',
  name: 'Rate of Change Ratio × 100',
  group: 'momentum',
  aliases: [],
  params: [periodParam(10, 1)],
  description: '(x / x[t−period])·100',
  variant: 'TA-Lib TA_ROCR100 (0 where the base value is 0)',
  references: ['TA-Lib ta_ROCR100.c'],
  lookback: (p) => rocr100Lookback(numParam(p, 'period')),
  run: (x, p) => rocr100(x, numParam(p, 'period')),
});
