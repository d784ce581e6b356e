export { avgdev, avgdevLookback } from './avgdev/avgdev.js';
export { beta, betaLookback } from './beta/beta.js';
export { correl, correlLookback } from './correl/correl.js';
export { STATISTICS_INDICATORS } from './registry.js';
export { stddev, stddevLookback } from './stddev/stddev.js';
export { variance, varLookback } from './var/var.js';
export { zscore, zscoreLookback } from './zscore/zscore.js';
