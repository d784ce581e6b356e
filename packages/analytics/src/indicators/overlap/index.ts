export { OVERLAP_INDICATORS } from './registry.js';
export { sma, smaLookback } from './sma/sma.js';
