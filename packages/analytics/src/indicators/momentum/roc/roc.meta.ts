import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { roc, rocLookback } from './roc.js';

export const ROC_META = seriesIndicator({
  code: 'roc',
  name: 'Rate of Change',
  group: 'momentum',
  aliases: ['rate_of_change'],
  params: [periodParam(10, 1)],
  description: '((x / x[t−period]) − 1)·100',
  variant: 'TA-Lib TA_ROC (0 where the base value is 0)',
  references: ['TA-Lib ta_ROC.c'],
  lookback: (p) => rocLookback(numParam(p, 'period')),
  run: (x, p) => roc(x, numParam(p, 'period')),
});
