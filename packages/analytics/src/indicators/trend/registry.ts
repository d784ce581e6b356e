import type { IndicatorMeta } from '../../registry/types.js';
import { ALLIGATOR_META } from './alligator/alligator.meta.js';
import { CHOP_META } from './chop/chop.meta.js';
import { DPO_META } from './dpo/dpo.meta.js';
import { ELDER_RAY_META } from './elder_ray/elder_ray.meta.js';
import { ICHIMOKU_META } from './ichimoku/ichimoku.meta.js';
import { LINEARREG_META } from './linearreg/linearreg.meta.js';
import { LINEARREG_ANGLE_META } from './linearreg_angle/linearreg_angle.meta.js';
import { LINEARREG_INTERCEPT_META } from './linearreg_intercept/linearreg_intercept.meta.js';
import { LINEARREG_SLOPE_META } from './linearreg_slope/linearreg_slope.meta.js';
import { SAR_META } from './sar/sar.meta.js';
import { SAREXT_META } from './sarext/sarext.meta.js';
import { SUPERTREND_META } from './supertrend/supertrend.meta.js';
import { TSF_META } from './tsf/tsf.meta.js';
import { VHF_META } from './vhf/vhf.meta.js';
import { VORTEX_META } from './vortex/vortex.meta.js';

/** Registry entries of the trend group. */
export const TREND_INDICATORS: readonly IndicatorMeta[] = [
  SAR_META,
  SAREXT_META,
  LINEARREG_META,
  LINEARREG_SLOPE_META,
  LINEARREG_ANGLE_META,
  LINEARREG_INTERCEPT_META,
  TSF_META,
  SUPERTREND_META,
  ICHIMOKU_META,
  VORTEX_META,
  CHOP_META,
  DPO_META,
  VHF_META,
  ALLIGATOR_META,
  ELDER_RAY_META,
];
