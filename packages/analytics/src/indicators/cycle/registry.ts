import type { IndicatorMeta } from '../../registry/types.js';
import { HT_DCPERIOD_META } from './ht_dcperiod/ht_dcperiod.meta.js';
import { HT_DCPHASE_META } from './ht_dcphase/ht_dcphase.meta.js';
import { HT_PHASOR_META } from './ht_phasor/ht_phasor.meta.js';
import { HT_SINE_META } from './ht_sine/ht_sine.meta.js';
import { HT_TRENDLINE_META } from './ht_trendline/ht_trendline.meta.js';
import { HT_TRENDMODE_META } from './ht_trendmode/ht_trendmode.meta.js';

/** Registry entries of the cycle (Hilbert transform) group. */
export const CYCLE_INDICATORS: readonly IndicatorMeta[] = [
  HT_DCPERIOD_META,
  HT_DCPHASE_META,
  HT_PHASOR_META,
  HT_SINE_META,
  HT_TRENDMODE_META,
  HT_TRENDLINE_META,
];
