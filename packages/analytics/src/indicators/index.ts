// Public indicator API: batch functions, shared kernels and the registry entry points (lookup,
// validation, computeIndicator) over the whole catalogue.
export * from '../registry/index.js';
export * from './core/index.js';
export * from './momentum/index.js';
export * from './overlap/index.js';
export * from './streaming/index.js';
