import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { cmo, cmoLookback } from './cmo.js';

export const CMO_META = seriesIndicator({
  code: 'cmo',
  name: 'Chande Momentum Oscillator',
  group: 'momentum',
  params: [periodParam(14)],
  description: '100·(gain − loss)/(gain + loss), −100..100',
  variant:
    'Wilder-smoothed gains/losses as TA-Lib TA_CMO (not the plain window sums of Chande/Stock.Indicators)',
  references: ['TA-Lib ta_CMO.c', 'Chande & Kroll, The New Technical Trader (1994)'],
  lookback: (p) => cmoLookback(numParam(p, 'period')),
  run: (x, p) => cmo(x, numParam(p, 'period')),
});
