import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { htDcperiod, htDcperiodLookback } from './ht_dcperiod.js';

export const HT_DCPERIOD_META: IndicatorMeta = {
  code: 'ht_dcperiod',
  name: 'Hilbert Transform - Dominant Cycle Period',
  group: 'cycle',
  aliases: ['dominant_cycle_period'],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'ht_dcperiod', description: 'Smoothed dominant cycle period, bars' }],
  lookback: () => htDcperiodLookback(),
  variant:
    "Ehlers' Hilbert transform as in TA-Lib (4-bar WMA smoother, homodyne discriminator), unstable period 0",
  references: ['TA-Lib ta_HT_DCPERIOD.c', 'J. Ehlers, Rocket Science for Traders (2001)'],
  compute: (inputs) => ({ ht_dcperiod: htDcperiod(series(inputs, 'close')) }),
};
