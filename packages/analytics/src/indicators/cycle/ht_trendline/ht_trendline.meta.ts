import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { htTrendline, htTrendlineLookback } from './ht_trendline.js';

export const HT_TRENDLINE_META: IndicatorMeta = {
  code: 'ht_trendline',
  name: 'Hilbert Transform - Instantaneous Trendline',
  group: 'cycle',
  aliases: ['htl', 'instantaneous_trendline'],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'ht_trendline', description: 'Instantaneous trendline' }],
  lookback: () => htTrendlineLookback(),
  variant:
    "Ehlers' Hilbert transform as in TA-Lib (4-bar WMA smoother, homodyne discriminator), unstable period 0",
  references: ['TA-Lib ta_HT_TRENDLINE.c', 'J. Ehlers, Rocket Science for Traders (2001)'],
  compute: (inputs) => ({ ht_trendline: htTrendline(series(inputs, 'close')) }),
};
