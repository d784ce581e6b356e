import type { Redis } from 'ioredis';
import type { QuotaWindow } from '../../db/records.js';
import { LimiterUnavailableError } from './limiter-unavailable-error.js';
import { quotaWindowAt } from './quota-windows.js';
import { RedisScript } from './redis-script.js';
import type { QuotaCounter, QuotaDecision } from './types.js';
import type { UsageLedger } from './usage-ledger.js';

/** Returns -1 when the counter is absent (seed it from the ledger), else {allowed, used}. */
const RESERVE_LUA = `
local v = redis.call('GET', KEYS[1])
if not v then return -1 end
local used = tonumber(v)
if used < tonumber(ARGV[1]) then
  return { 1, redis.call('INCR', KEYS[1]) }
end
return { 0, used }
`;

/** Gives one reservation back if the counter exists (an absent one is re-seeded from the ledger). */
const RELEASE_LUA = `
local v = redis.call('GET', KEYS[1])
if v and tonumber(v) > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

const reserveScript = new RedisScript(RESERVE_LUA);
const releaseScript = new RedisScript(RELEASE_LUA);

/** `<prefix>quota:<window>:<window_start>:<key_id>`: one counter per key and window. */
export const quotaKey = (prefix: string, key_id: string, window: QuotaWindow, window_start: string): string =>
  `${prefix}quota:${window}:${window_start}:${key_id}`;

/** Counters outlive their window by this much, so late releases still find them. */
const TTL_MARGIN_MS = 3_600_000;

export interface RedisQuotaCounterOptions {
  /** Key prefix, e.g. `bw:`; counters live at `<prefix>quota:<window>:<window_start>:<key_id>`. */
  readonly prefix: string;
}

/**
 * Distributed quota counter. A missing Redis counter (first use in the window, or Redis restarted)
 * is seeded from the durable ledger with `SET NX`, so concurrent seeders in several processes agree
 * on one value and a Redis restart never resets a quota (ADR 0022). Every admitted reservation and
 * every release is also recorded in the ledger as +1 / −1.
 */
export class RedisQuotaCounter implements QuotaCounter {
  readonly #redis: Redis;
  readonly #ledger: UsageLedger;
  readonly #prefix: string;
  /** Seeds in flight in this process, so a burst on a missing counter reads the ledger once. */
  readonly #seeding = new Map<string, Promise<void>>();

  constructor(redis: Redis, ledger: UsageLedger, options: RedisQuotaCounterOptions) {
    this.#redis = redis;
    this.#ledger = ledger;
    this.#prefix = options.prefix;
  }

  async reserve(key_id: string, window: QuotaWindow, limit: number, now: Date): Promise<QuotaDecision> {
    const now_ms = now.getTime();
    const bounds = quotaWindowAt(window, now_ms);
    const key = this.#key(key_id, window, bounds.window_start);
    const reset_ms = bounds.end_ms - now_ms;
    for (let attempt = 0; ; attempt++) {
      const reply = await this.#call(() => reserveScript.run(this.#redis, [key], [limit]));
      if (Array.isArray(reply)) {
        const [allowed, used] = reply as [number, number];
        if (allowed === 1) this.#ledger.record(key_id, window, bounds.window_start, 1);
        return {
          allowed: allowed === 1,
          limit,
          used,
          remaining: Math.max(0, limit - used),
          window_start: bounds.window_start,
          reset_ms,
        };
      }
      if (attempt >= 3) {
        throw new LimiterUnavailableError('quota counter: Redis counter vanished while seeding', {
          cause: new Error(`key ${key} missing after ${attempt + 1} seeding attempts`),
        });
      }
      await this.#seed(key, key_id, window, bounds.window_start, bounds.end_ms + TTL_MARGIN_MS - now_ms);
    }
  }

  async release(key_id: string, window: QuotaWindow, window_start: string): Promise<void> {
    this.#ledger.record(key_id, window, window_start, -1);
    await this.#call(() => releaseScript.run(this.#redis, [this.#key(key_id, window, window_start)], []));
  }

  async peek(
    key_id: string,
    window: QuotaWindow,
    now: Date,
  ): Promise<{ used: number; window_start: string; reset_ms: number }> {
    const now_ms = now.getTime();
    const bounds = quotaWindowAt(window, now_ms);
    const stored = await this.#call(() => this.#redis.get(this.#key(key_id, window, bounds.window_start)));
    const used =
      stored === null ? await this.#ledgerRead(key_id, window, bounds.window_start) : Number(stored);
    return { used: Math.max(0, used), window_start: bounds.window_start, reset_ms: bounds.end_ms - now_ms };
  }

  /** The Redis client belongs to the caller; nothing to release here. */
  async close(): Promise<void> {}

  #seed(
    key: string,
    key_id: string,
    window: QuotaWindow,
    window_start: string,
    ttl_ms: number,
  ): Promise<void> {
    let seeding = this.#seeding.get(key);
    if (seeding === undefined) {
      seeding = (async () => {
        const used = Math.max(0, await this.#ledgerRead(key_id, window, window_start));
        const px = Math.max(1, Math.ceil(ttl_ms));
        // NX: when several processes seed at once the first value wins and everyone counts from it.
        await this.#call(() => this.#redis.set(key, used, 'PX', px, 'NX'));
      })();
      const done = () => this.#seeding.delete(key);
      seeding.then(done, done);
      this.#seeding.set(key, seeding);
    }
    return seeding;
  }

  async #ledgerRead(key_id: string, window: QuotaWindow, window_start: string): Promise<number> {
    try {
      return await this.#ledger.read(key_id, window, window_start);
    } catch (error) {
      throw new LimiterUnavailableError('quota counter: usage ledger unreadable', { cause: error });
    }
  }

  async #call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new LimiterUnavailableError('quota counter: Redis call failed', { cause: error });
    }
  }

  #key(key_id: string, window: QuotaWindow, window_start: string): string {
    return quotaKey(this.#prefix, key_id, window, window_start);
  }
}
