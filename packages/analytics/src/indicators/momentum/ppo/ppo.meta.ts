import { enumValue, numParam, periodParam, seriesIndicator } from '../../core/index.js';
import { asMaType } from '../../overlap/ma/ma.js';
import { maTypeParam } from '../../overlap/ma/ma.meta.js';
import { ppo, ppoLookback } from './ppo.js';

export const PPO_META = seriesIndicator({
  code: 'ppo',
  name: 'Percentage Price Oscillator',
  group: 'momentum',
  ordered: [['fast_period', 'slow_period']],
  params: [
    periodParam(12, 2, 'fast_period', 'Fast MA period'),
    periodParam(26, 2, 'slow_period', 'Slow MA period'),
    maTypeParam(),
  ],
  description: '100·(fast MA − slow MA)/slow MA',
  variant: 'TA-Lib TA_PPO: both MAs seeded on the first bars; default MA type SMA',
  references: ['TA-Lib ta_PPO.c'],
  lookback: (p) =>
    ppoLookback(numParam(p, 'fast_period'), numParam(p, 'slow_period'), asMaType(enumValue(p, 'ma_type'))),
  run: (x, p) =>
    ppo(x, numParam(p, 'fast_period'), numParam(p, 'slow_period'), asMaType(enumValue(p, 'ma_type'))),
});
