/** Addresses remembered at most; the one that failed least recently is forgotten first. */
const MAX_TRACKED_ADDRESSES = 100_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * How many failed API-key authentications each client address may cause (ADR 0062): a token bucket
 * of `perMinute` tokens per address, refilled continuously at `perMinute` a minute. A failure that
 * needed a key lookup spends a token; an address with no token left gets 429 instead of a lookup.
 * Kept in this process's memory, bounded by {@link MAX_TRACKED_ADDRESSES}. `perMinute` 0 turns it off.
 */
export class AuthFailureBudget {
  readonly #buckets = new Map<string, Bucket>();
  readonly #perMinute: number;
  readonly #perMs: number;
  readonly #capacity: number;
  readonly #now: () => number;

  constructor(perMinute: number, options: { capacity?: number; now?: () => number } = {}) {
    this.#perMinute = perMinute;
    this.#perMs = perMinute / 60_000;
    this.#capacity = options.capacity ?? MAX_TRACKED_ADDRESSES;
    this.#now = options.now ?? Date.now;
  }

  /** Whole seconds until `address` may fail again; 0 while it has budget left. */
  retryAfter(address: string): number {
    if (this.#perMinute === 0) return 0;
    const bucket = this.#buckets.get(address);
    if (bucket === undefined) return 0;
    const tokens = this.#tokens(bucket, this.#now());
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.#perMs / 1000));
  }

  /** Counts one failed authentication from `address`. */
  spend(address: string): void {
    if (this.#perMinute === 0) return;
    const now = this.#now();
    const bucket = this.#buckets.get(address);
    const tokens = bucket === undefined ? this.#perMinute : this.#tokens(bucket, now);
    // Re-inserted, so the map's first entry is always the address that failed least recently.
    this.#buckets.delete(address);
    while (this.#buckets.size >= this.#capacity) {
      const oldest = this.#buckets.keys().next();
      if (oldest.done === true) break;
      this.#buckets.delete(oldest.value);
    }
    this.#buckets.set(address, { tokens: Math.max(0, tokens - 1), at: now });
  }

  #tokens(bucket: Bucket, now: number): number {
    return Math.min(this.#perMinute, bucket.tokens + Math.max(0, now - bucket.at) * this.#perMs);
  }
}
