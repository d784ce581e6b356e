export { CATALOG, FAMILIES, INDICATOR_FAMILY } from './catalog.js';
export { type ComputeResult, computeIndicator } from './compute.js';
export { describeCatalog, describeIndicator, type IndicatorDescription } from './describe.js';
export { buildIndex, findIndicator, type IndicatorIndex } from './lookup.js';
// The catalogue's own vocabulary (groups, parameter and output specs, entry metadata), so that
// `@bellwether/analytics/catalog` describes itself without the package root.
export type * from './types.js';
export { type ParamError, type ParamValidation, validateParams } from './validate.js';
