export {
  ALLIGATOR_DEFAULTS,
  type AlligatorPeriods,
  alligator,
  alligatorLookback,
} from './alligator/alligator.js';
export { chop, chopLookback } from './chop/chop.js';
export { dpo, dpoLookback } from './dpo/dpo.js';
export { elderRay, elderRayLookback } from './elder_ray/elder_ray.js';
export { type Ichimoku, ichimoku, ichimokuLookback } from './ichimoku/ichimoku.js';
export { type LinregOutput, linearRegression, linregLookback } from './linearreg/linear-regression.js';
export { linearreg } from './linearreg/linearreg.js';
export { linearregAngle } from './linearreg_angle/linearreg_angle.js';
export { linearregIntercept } from './linearreg_intercept/linearreg_intercept.js';
export { linearregSlope } from './linearreg_slope/linearreg_slope.js';
export { TREND_INDICATORS } from './registry.js';
export { sar, sarLookback } from './sar/sar.js';
export {
  parabolicSar,
  SAREXT_DEFAULTS,
  type SarExtOptions,
  sarext,
  sarextLookback,
} from './sarext/sarext.js';
export { type SuperTrend, supertrend, supertrendLookback } from './supertrend/supertrend.js';
export { tsf } from './tsf/tsf.js';
export { vhf, vhfLookback } from './vhf/vhf.js';
export { vortex, vortexLookback } from './vortex/vortex.js';
