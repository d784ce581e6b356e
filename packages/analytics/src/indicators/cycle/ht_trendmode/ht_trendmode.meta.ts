import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { htTrendmode, htTrendmodeLookback } from './ht_trendmode.js';

export const HT_TRENDMODE_META: IndicatorMeta = {
  code: 'ht_trendmode',
  name: 'Hilbert Transform - Trend vs Cycle Mode',
  group: 'cycle',
  aliases: ['trend_mode'],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'ht_trendmode', description: '1 = trend, 0 = cycle' }],
  lookback: () => htTrendmodeLookback(),
  variant:
    "Ehlers' Hilbert transform as in TA-Lib (4-bar WMA smoother, homodyne discriminator), unstable period 0",
  references: ['TA-Lib ta_HT_TRENDMODE.c', 'J. Ehlers, Rocket Science for Traders (2001)'],
  compute: (inputs) => ({ ht_trendmode: htTrendmode(series(inputs, 'close')) }),
};
