import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { mom, momLookback } from './mom.js';

export const MOM_META = seriesIndicator({
  code: 'mom',
  name: 'Momentum',
  group: 'momentum',
  aliases: ['momentum'],
  params: [periodParam(10, 1)],
  description: 'x − x[t−period]',
  variant: 'TA-Lib TA_MOM (plain difference)',
  references: ['TA-Lib ta_MOM.c'],
  lookback: (p) => momLookback(numParam(p, 'period')),
  run: (x, p) => mom(x, numParam(p, 'period')),
});
