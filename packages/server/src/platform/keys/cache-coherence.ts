/**
 * Keeps per-instance key caches honest. `stamp(id)` returns a token that changes whenever the key's
 * row (or its account's plan) changed anywhere; `invalidate(ids)` changes it, and resolves only when
 * every instance will observe the change on its next request. That is what makes rotation and
 * revocation effective "before the call returns, on every instance".
 */
export interface CacheCoherence {
  stamp(keyId: string): Promise<string>;
  /** Same as `stamp`, for implementations that can answer without I/O (embedded mode). */
  stampSync?(keyId: string): string;
  invalidate(keyIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
