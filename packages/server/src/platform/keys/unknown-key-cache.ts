/** How long a key id that storage did not hold is answered "unknown" without asking again. */
const UNKNOWN_KEY_TTL_MS = 5_000;
/** At most this many such ids are remembered; the oldest is forgotten first. */
const MAX_UNKNOWN_KEYS = 10_000;

/**
 * The key ids this process recently looked up and found in no row (ADR 0062): a client repeating a
 * well-formed key that names no key (one from another deployment, say) is refused from memory
 * instead of by a storage read per request. Bounded and short-lived, and nothing is written anywhere
 * else. A key created later is not hidden by it: key ids are drawn at random when a key is created
 * (71 bits), so an id can be remembered here only if someone presented it before it existed, and
 * even then for {@link UNKNOWN_KEY_TTL_MS} at most.
 */
export class UnknownKeyCache {
  /** id → expiry (ms). Insertion order is expiry order, since every entry lives as long. */
  readonly #expiries = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #capacity: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; capacity?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? UNKNOWN_KEY_TTL_MS;
    this.#capacity = options.capacity ?? MAX_UNKNOWN_KEYS;
    this.#now = options.now ?? Date.now;
  }

  has(id: string): boolean {
    const expiry = this.#expiries.get(id);
    if (expiry === undefined) return false;
    if (expiry > this.#now()) return true;
    this.#expiries.delete(id);
    return false;
  }

  add(id: string): void {
    this.#expiries.delete(id);
    while (this.#expiries.size >= this.#capacity) {
      const oldest = this.#expiries.keys().next();
      if (oldest.done === true) break;
      this.#expiries.delete(oldest.value);
    }
    this.#expiries.set(id, this.#now() + this.#ttlMs);
  }

  get size(): number {
    return this.#expiries.size;
  }
}
