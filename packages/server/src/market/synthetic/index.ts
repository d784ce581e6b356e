// The deterministic synthetic market: a pure generator (no I/O, no clock, no Math.random). The caller
// passes session lists from the exchange calendars and stores what comes back; every record is
// labelled `source: 'synthetic'`. See docs/market/synthetic.md.
export { generateDailyBars } from './daily-bars.js';
export { generateIntraday } from './intraday.js';
export { generateNews } from './news.js';
export { Prng } from './prng.js';
export { SECTOR_PROFILES } from './sectors.js';
export { autocorrelation, correlation, mean, rankCorrelation, stdev, totalReturns } from './statistics.js';
export * from './types.js';
export { BENCHMARK_TICKER, generateUniverse } from './universe.js';
