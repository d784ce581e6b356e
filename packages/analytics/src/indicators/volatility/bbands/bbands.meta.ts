import type { IndicatorMeta } from '../../../registry/types.js';
import { enumValue, floatParam, numParam, periodParam, series } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { bbands, bbandsLookback } from './bbands.js';

export const BBANDS_META: IndicatorMeta = {
  code: 'bbands',
  name: 'Bollinger Bands',
  group: 'volatility',
  aliases: ['bollinger', 'bollinger_bands', 'bb'],
  inputs: ['close'],
  params: [
    periodParam(5),
    floatParam('nbdev_up', 2, -1e6, 1e6, 'Deviations above the middle band'),
    floatParam('nbdev_dn', 2, -1e6, 1e6, 'Deviations below the middle band'),
    maTypeParam(),
  ],
  outputs: [
    { name: 'upper', description: 'middle + nbdev_up × σ' },
    { name: 'middle', description: 'Moving average of `ma_type`' },
    { name: 'lower', description: 'middle − nbdev_dn × σ' },
  ],
  lookback: (p) => bbandsLookback(numParam(p, 'period'), asMaType(enumValue(p, 'ma_type'))),
  variant:
    'TA-Lib BBANDS: population σ of the last `period` values (around the SMA for every ma_type), defaults period 5 / 2σ as TA-Lib (Bollinger uses 20); lookback max(MA lookback, period − 1) — TA-Lib reports only the MA lookback',
  references: ['TA-Lib ta_BBANDS.c', 'J. Bollinger, Bollinger on Bollinger Bands (2001)'],
  compute: (inputs, p) =>
    bbands(
      series(inputs, 'close'),
      numParam(p, 'period'),
      numParam(p, 'nbdev_up'),
      numParam(p, 'nbdev_dn'),
      asMaType(enumValue(p, 'ma_type')),
    ),
};
