export type { MillisClock } from './clock.js';
export { monotonicClock } from './clock.js';
export { createLimiters, type Limiters, type LimitersConfig } from './create-limiters.js';
export { LimiterUnavailableError } from './limiter-unavailable-error.js';
export { type QuotaWindowBounds, quotaWindowAt } from './quota-windows.js';
export { hasSyncHit, hasSyncReserve, type SyncBurstLimiter, type SyncQuotaCounter } from './sync-limits.js';
export type { BurstDecision, BurstLimiter, QuotaCounter, QuotaDecision } from './types.js';
export { UsageLedger, type UsageLedgerOptions } from './usage-ledger.js';
