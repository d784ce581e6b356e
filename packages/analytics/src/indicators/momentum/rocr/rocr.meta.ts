import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { rocr, rocrLookback } from './rocr.js';

export const ROCR_META = seriesIndicator({
  code: 'rocr',
  name: 'Rate of Change Ratio',
  group: 'momentum',
  aliases: [],
  params: [periodParam(10, 1)],
  description: 'x / x[t−period]',
  variant: 'TA-Lib TA_ROCR (0 where the base value is 0)',
  references: ['TA-Lib ta_ROCR.c'],
  lookback: (p) => rocrLookback(numParam(p, 'period')),
  run: (x, p) => rocr(x, numParam(p, 'period')),
});
