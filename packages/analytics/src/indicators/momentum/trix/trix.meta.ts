import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { trix, trixLookback } from './trix.js';

export const TRIX_META = seriesIndicator({
  code: 'trix',
  name: '1-day Rate-Of-Change of a Triple Smooth EMA',
  group: 'momentum',
  params: [periodParam(30, 1)],
  description: '100·(E3[t]/E3[t−1] − 1), E3 = EMA(EMA(EMA(close)))',
  variant: 'TA-Lib TA_TRIX: SMA-seeded EMAs (Stock.Indicators also reports a signal line; not here)',
  references: ['TA-Lib ta_TRIX.c', 'Hutson, Stocks & Commodities (1983)'],
  lookback: (p) => trixLookback(numParam(p, 'period')),
  run: (x, p) => trix(x, numParam(p, 'period')),
});
