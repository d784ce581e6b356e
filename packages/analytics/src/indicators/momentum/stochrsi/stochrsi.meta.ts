import type { IndicatorMeta } from '../../../registry/types.js';
import { enumValue, numParam, periodParam, series } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { stochrsi, stochrsiLookback } from './stochrsi.js';

export const STOCHRSI_META: IndicatorMeta = {
  code: 'stochrsi',
  name: 'Stochastic Relative Strength Index',
  group: 'momentum',
  aliases: ['stoch_rsi'],
  inputs: ['close'],
  params: [
    periodParam(14, 2, 'period', 'RSI period'),
    periodParam(5, 1, 'fastk_period', 'Bars in the %K window over RSI'),
    periodParam(3, 1, 'fastd_period', 'Smoothing of %D'),
    maTypeParam('fastd_ma_type', 'sma', 'Moving average for %D'),
  ],
  outputs: [
    { name: 'fastk', description: '%K of RSI, 0..100' },
    { name: 'fastd', description: '%D: moving average of %K' },
  ],
  lookback: (p) =>
    stochrsiLookback(
      numParam(p, 'period'),
      numParam(p, 'fastk_period'),
      numParam(p, 'fastd_period'),
      asMaType(enumValue(p, 'fastd_ma_type')),
    ),
  variant: 'TA-Lib TA_STOCHRSI: STOCHF over Wilder RSI (TA-Lib defaults 14/5/3)',
  references: ['TA-Lib ta_STOCHRSI.c', 'Chande & Kroll, The New Technical Trader (1994)'],
  compute: (inputs, p) =>
    stochrsi(
      series(inputs, 'close'),
      numParam(p, 'period'),
      numParam(p, 'fastk_period'),
      numParam(p, 'fastd_period'),
      asMaType(enumValue(p, 'fastd_ma_type')),
    ),
};
