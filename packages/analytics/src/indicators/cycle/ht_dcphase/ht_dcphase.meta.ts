import type { IndicatorMeta } from '../../../registry/types.js';
import { series } from '../../core/index.js';
import { htDcphase, htDcphaseLookback } from './ht_dcphase.js';

export const HT_DCPHASE_META: IndicatorMeta = {
  code: 'ht_dcphase',
  name: 'Hilbert Transform - Dominant Cycle Phase',
  group: 'cycle',
  aliases: ['dominant_cycle_phase'],
  inputs: ['close'],
  params: [],
  outputs: [{ name: 'ht_dcphase', description: 'Dominant cycle phase, degrees' }],
  lookback: () => htDcphaseLookback(),
  variant:
    "Ehlers' Hilbert transform as in TA-Lib (4-bar WMA smoother, homodyne discriminator), unstable period 0",
  references: ['TA-Lib ta_HT_DCPHASE.c', 'J. Ehlers, Rocket Science for Traders (2001)'],
  compute: (inputs) => ({ ht_dcphase: htDcphase(series(inputs, 'close')) }),
};
