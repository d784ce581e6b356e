// Shared numeric primitives for every indicator group. Kernels write into a caller-provided output,
// take a `start` index so chained indicators skip their input's warm-up, and return the first
// defined index. Outputs must not alias inputs unless a kernel says so.
export { emaAlpha, emaInto } from './ema.js';
export { emaChainInto } from './ema-chain.js';
export { series } from './inputs.js';
export { seriesIndicator } from './meta.js';
export { fillNaN, firstFinite, nanArray } from './nan.js';
export {
  enumParam,
  enumValue,
  floatParam,
  intParam,
  MAX_PERIOD,
  numParam,
  periodParam,
} from './params.js';
export { rollingMaxInto, rollingMinInto } from './rolling-extrema.js';
export { rollingSumInto } from './rolling-sum.js';
export { rollingVarianceInto } from './rolling-variance.js';
export { smaInto } from './sma.js';
export { trueRangeInto } from './true-range.js';
export { wilderInto } from './wilder.js';
export { wmaInto } from './wma.js';
