// Public indicator API: batch functions, streaming classes and the registry entry points (lookup,
// validation, computeIndicator) over the whole catalogue. The shared kernels in ./core (in-place
// `…Into` helpers, parameter-spec builders) are internal: indicator modules import them directly.
export * from '../registry/index.js';
export * from './cycle/index.js';
export * from './math/index.js';
export * from './momentum/index.js';
export * from './overlap/index.js';
export * from './price_transform/index.js';
export * from './statistics/index.js';
export * from './streaming/index.js';
export * from './trend/index.js';
export * from './volatility/index.js';
// Listed rather than `export *`: the package root also exports microstructure's `vwap`, so the
// indicator's batch function is re-exported as `vwapIndicator`.
export {
  ad,
  adosc,
  adoscLookback,
  cmf,
  cmfLookback,
  eom,
  eomLookback,
  force,
  forceLookback,
  kvo,
  kvoLookback,
  nvi,
  obv,
  pvi,
  pvo,
  pvoLookback,
  VOLUME_INDICATORS,
  vpt,
  vwap as vwapIndicator,
} from './volume/index.js';
