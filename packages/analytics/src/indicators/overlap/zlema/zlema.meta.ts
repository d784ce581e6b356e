import { numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { zlema, zlemaLookback } from './zlema.js';

export const ZLEMA_META = seriesIndicator({
  code: 'zlema',
  name: 'Zero-Lag Exponential Moving Average',
  group: 'overlap',
  aliases: ['zero_lag_ema'],
  params: [periodParam(20)],
  description: 'EMA of the de-lagged close 2·x[t] − x[t−lag]',
  variant: 'lag = floor((period−1)/2); EMA seeded with an SMA',
  references: ['Ehlers & Way, "Zero Lag (Well, Almost)", Stocks & Commodities, Nov 2010'],
  lookback: (p) => zlemaLookback(numParam(p, 'period')),
  run: (x, p) => zlema(x, numParam(p, 'period')),
});
