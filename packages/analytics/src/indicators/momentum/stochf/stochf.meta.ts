import type { IndicatorMeta } from '../../../registry/types.js';
import { enumValue, numParam, periodParam, series } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { stochf, stochfLookback } from './stochf.js';

export const STOCHF_META: IndicatorMeta = {
  code: 'stochf',
  name: 'Stochastic Fast',
  group: 'momentum',
  aliases: ['fast_stochastic'],
  inputs: ['high', 'low', 'close'],
  params: [
    periodParam(5, 1, 'fastk_period', 'Bars in the %K high/low window'),
    periodParam(3, 1, 'fastd_period', 'Smoothing of %D'),
    maTypeParam('fastd_ma_type', 'sma', 'Moving average for %D'),
  ],
  outputs: [
    { name: 'fastk', description: '%K: position of the close in the high/low range, 0..100' },
    { name: 'fastd', description: '%D: moving average of %K' },
  ],
  lookback: (p) =>
    stochfLookback(
      numParam(p, 'fastk_period'),
      numParam(p, 'fastd_period'),
      asMaType(enumValue(p, 'fastd_ma_type')),
    ),
  variant: 'TA-Lib TA_STOCHF (0 when the range is 0)',
  references: ['TA-Lib ta_STOCHF.c', 'Lane, "Lane\'s Stochastics", Stocks & Commodities (1984)'],
  compute: (inputs, p) =>
    stochf(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'fastk_period'),
      numParam(p, 'fastd_period'),
      asMaType(enumValue(p, 'fastd_ma_type')),
    ),
};
