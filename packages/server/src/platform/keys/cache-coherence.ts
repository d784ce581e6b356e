/**
 * Keeps per-instance key caches honest. `stamp(id)` returns a token that changes whenever the key's
 * row (or its account's plan) changed anywhere; `invalidate(ids)` changes it, and resolves only when
 * every instance will observe the change on its next request. That is what makes rotation and
 * revocation effective "before the call returns, on every instance".
 *
 * Reading a stamp never writes anything (ADR 0062): a well-formed key id that names no key must cost
 * no shared state. A key that has no stamp yet is given one by `establish`, which the key service
 * calls only after storage has shown the key exists.
 */
export interface CacheCoherence {
  /** The key's current stamp; `undefined` when it has none yet (see `establish`). */
  stamp(keyId: string): Promise<string | undefined>;
  /** Same as `stamp`, for implementations that can answer without I/O (embedded mode); always a stamp. */
  stampSync?(keyId: string): string;
  /** Gives an existing key a stamp if it has none, and returns the key's stamp. */
  establish(keyId: string): Promise<string>;
  invalidate(keyIds: readonly string[]): Promise<void>;
  close(): Promise<void>;
}
