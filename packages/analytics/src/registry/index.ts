export { CATALOG } from './catalog.js';
export { type ComputeResult, computeIndicator } from './compute.js';
export { describeCatalog, describeIndicator, type IndicatorDescription } from './describe.js';
export { buildIndex, findIndicator, type IndicatorIndex } from './lookup.js';
export { type ParamError, type ParamValidation, validateParams } from './validate.js';
