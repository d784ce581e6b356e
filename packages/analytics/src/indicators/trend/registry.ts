import type { IndicatorMeta } from '../../registry/types.js';
import { LINEARREG_META } from './linearreg/linearreg.meta.js';
import { LINEARREG_ANGLE_META } from './linearreg_angle/linearreg_angle.meta.js';
import { LINEARREG_INTERCEPT_META } from './linearreg_intercept/linearreg_intercept.meta.js';
import { LINEARREG_SLOPE_META } from './linearreg_slope/linearreg_slope.meta.js';
import { SAR_META } from './sar/sar.meta.js';
import { SAREXT_META } from './sarext/sarext.meta.js';
import { TSF_META } from './tsf/tsf.meta.js';

/** Registry entries of the trend group. */
export const TREND_INDICATORS: readonly IndicatorMeta[] = [
  SAR_META,
  SAREXT_META,
  LINEARREG_META,
  LINEARREG_SLOPE_META,
  LINEARREG_ANGLE_META,
  LINEARREG_INTERCEPT_META,
  TSF_META,
];
