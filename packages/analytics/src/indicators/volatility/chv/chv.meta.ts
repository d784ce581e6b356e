import type { IndicatorMeta } from '../../../registry/types.js';
import { numParam, periodParam, series } from '../../core/index.js';
import { chv, chvLookback } from './chv.js';

export const CHV_META: IndicatorMeta = {
  code: 'chv',
  name: 'Chaikin Volatility',
  group: 'volatility',
  aliases: ['chaikin_volatility'],
  inputs: ['high', 'low'],
  params: [
    periodParam(10, 1, 'ema_period', 'EMA period of the high−low range'),
    periodParam(10, 1, 'roc_period', 'Bars over which the EMA change is measured'),
  ],
  outputs: [{ name: 'chv', description: 'Percent change of the EMA of (high − low)' }],
  lookback: (p) => chvLookback(numParam(p, 'ema_period'), numParam(p, 'roc_period')),
  variant: 'EMA (SMA-seeded) of high−low, rate of change in percent',
  references: ['M. Chaikin; S. Achelis, Technical Analysis from A to Z'],
  compute: (inputs, p) => ({
    chv: chv(
      series(inputs, 'high'),
      series(inputs, 'low'),
      numParam(p, 'ema_period'),
      numParam(p, 'roc_period'),
    ),
  }),
};
