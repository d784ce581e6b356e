import { enumValue, numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { apo, apoLookback } from './apo.js';

export const APO_META = seriesIndicator({
  code: 'apo',
  name: 'Absolute Price Oscillator',
  group: 'momentum',
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(12, 2, 'fast_period', 'Fast MA period'),
    periodParam(26, 2, 'slow_period', 'Slow MA period'),
    maTypeParam(),
  ],
  description: 'fast MA − slow MA',
  variant: 'TA-Lib TA_APO: both MAs seeded on the first bars; default MA type SMA',
  references: ['TA-Lib ta_APO.c'],
  lookback: (p) =>
    apoLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period'), asMaType(enumValue(p, 'ma_type'))),
  run: (x, p) =>
    apo(x, numParam(p, 'fast_period'), numParam(p, 'slow_period'), asMaType(enumValue(p, 'ma_type'))),
});
