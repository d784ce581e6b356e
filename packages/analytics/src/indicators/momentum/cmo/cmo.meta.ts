import { enumParam, enumValue, numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { cmo, cmoLookback, cmoSum } from './cmo.js';

export const CMO_META = seriesIndicator({
  code: 'cmo',
  name: 'Chande Momentum Oscillator',
  group: 'momentum',
  params: [
    periodParam(14),
    enumParam(
      'smoothing',
      'wilder',
      ['wilder', 'sum'],
      'wilder: Wilder-smoothed gains/losses (TA-Lib); sum: plain window sums (Chande, Stock.Indicators)',
    ),
  ],
  description: '100·(gain − loss)/(gain + loss), −100..100',
  variant:
    'Default Wilder-smoothed gains/losses as TA-Lib TA_CMO; smoothing=sum selects Chande’s window sums',
  references: [
    'TA-Lib ta_CMO.c',
    'Chande & Kroll, The New Technical Trader (1994)',
    'Stock.Indicators ToCmo',
  ],
  lookback: (p) => cmoLookback(numParam(p, 'period')),
  run: (x, p) =>
    enumValue(p, 'smoothing') === 'sum' ? cmoSum(x, numParam(p, 'period')) : cmo(x, numParam(p, 'period')),
});
