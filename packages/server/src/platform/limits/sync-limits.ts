import type { QuotaWindow } from '../../db/records.js';
import type { BurstDecision, BurstLimiter, QuotaCounter, QuotaDecision } from './types.js';

/**
 * Optional synchronous forms of the limiter ports, offered by the in-memory implementations. The hot
 * path uses them to decide without a promise hop; the Redis implementations do not have them, so
 * callers fall back to the async port. A sync form must behave exactly like its async twin.
 */
export interface SyncBurstLimiter extends BurstLimiter {
  hitSync(key_id: string, limit: number, window_ms: number): BurstDecision;
}

export interface SyncQuotaCounter extends QuotaCounter {
  /** `undefined` (nothing counted) when the decision needs I/O first, e.g. hydration from the ledger. */
  reserveSync(key_id: string, window: QuotaWindow, limit: number, now_ms: number): QuotaDecision | undefined;
  releaseSync(key_id: string, window: QuotaWindow, window_start: string): void;
}

export function hasSyncHit(burst: BurstLimiter): burst is SyncBurstLimiter {
  return typeof (burst as Partial<SyncBurstLimiter>).hitSync === 'function';
}

export function hasSyncReserve(quota: QuotaCounter): quota is SyncQuotaCounter {
  const q = quota as Partial<SyncQuotaCounter>;
  return typeof q.reserveSync === 'function' && typeof q.releaseSync === 'function';
}
