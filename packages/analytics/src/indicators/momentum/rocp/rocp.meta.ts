import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { rocp, rocpLookback } from './rocp.js';

export const ROCP_META = seriesIndicator({
  code: 'rocp',
  name: 'Rate of Change Percentage',
  group: 'momentum',
  aliases: [],
  params: [periodParam(10, 1)],
  description: '(x − x[t−period]) / x[t−period]',
  variant: 'TA-Lib TA_ROCP (0 where the base value is 0)',
  references: ['TA-Lib ta_ROCP.c'],
  lookback: (p) => rocpLookback(numParam(p, 'period')),
  run: (x, p) => rocp(x, numParam(p, 'period')),
});
