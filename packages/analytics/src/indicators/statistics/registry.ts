import type { IndicatorMeta } from '../../registry/types.js';
import { AVGDEV_META } from './avgdev/avgdev.meta.js';
import { BETA_META } from './beta/beta.meta.js';
import { CORREL_META } from './correl/correl.meta.js';
import { STDDEV_META } from './stddev/stddev.meta.js';
import { VAR_META } from './var/var.meta.js';
import { ZSCORE_META } from './zscore/zscore.meta.js';

/** Registry entries of the statistics group. */
export const STATISTICS_INDICATORS: readonly IndicatorMeta[] = [
  VAR_META,
  STDDEV_META,
  BETA_META,
  CORREL_META,
  AVGDEV_META,
  ZSCORE_META,
];
