import type { IndicatorMeta } from '../../registry/types.js';
import { BETA_META } from './beta/beta.meta.js';
import { CORREL_META } from './correl/correl.meta.js';
import { STDDEV_META } from './stddev/stddev.meta.js';
import { VAR_META } from './var/var.meta.js';

/** Registry entries of the statistics group. */
export const STATISTICS_INDICATORS: readonly IndicatorMeta[] = [
  VAR_META,
  STDDEV_META,
  BETA_META,
  CORREL_META,
];
