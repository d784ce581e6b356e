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
export { tsf } from './tsf/tsf.js';
