import type { IndicatorMeta } from '../../../registry/types.js';
import { enumValue, numParam, periodParam, series } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { stoch, stochLookback } from './stoch.js';

export const STOCH_META: IndicatorMeta = {
  code: 'stoch',
  name: 'Stochastic (slow)',
  group: 'momentum',
  aliases: ['stochastic', 'slow_stochastic'],
  inputs: ['high', 'low', 'close'],
  params: [
    periodParam(5, 1, 'fastk_period', 'Bars in the %K high/low window'),
    periodParam(3, 1, 'slowk_period', 'Smoothing of fast %K into slow %K'),
    maTypeParam('slowk_ma_type', 'sma', 'Moving average for slow %K'),
    periodParam(3, 1, 'slowd_period', 'Smoothing of slow %K into slow %D'),
    maTypeParam('slowd_ma_type', 'sma', 'Moving average for slow %D'),
  ],
  outputs: [
    { name: 'slowk', description: 'Slow %K, 0..100' },
    { name: 'slowd', description: 'Slow %D: moving average of slow %K' },
  ],
  lookback: (p) =>
    stochLookback(
      numParam(p, 'fastk_period'),
      numParam(p, 'slowk_period'),
      asMaType(enumValue(p, 'slowk_ma_type')),
      numParam(p, 'slowd_period'),
      asMaType(enumValue(p, 'slowd_ma_type')),
    ),
  variant: 'TA-Lib TA_STOCH (0 when the range is 0; TA-Lib defaults 5/3/3)',
  references: ['TA-Lib ta_STOCH.c', 'Lane, "Lane\'s Stochastics", Stocks & Commodities (1984)'],
  compute: (inputs, p) =>
    stoch(
      series(inputs, 'high'),
      series(inputs, 'low'),
      series(inputs, 'close'),
      numParam(p, 'fastk_period'),
      numParam(p, 'slowk_period'),
      asMaType(enumValue(p, 'slowk_ma_type')),
      numParam(p, 'slowd_period'),
      asMaType(enumValue(p, 'slowd_ma_type')),
    ),
};
