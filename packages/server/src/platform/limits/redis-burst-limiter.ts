import type { Redis } from 'ioredis';
import type { MillisClock } from './clock.js';
import { LimiterUnavailableError } from './limiter-unavailable-error.js';
import { RedisScript } from './redis-script.js';
import type { BurstDecision, BurstLimiter } from './types.js';

/**
 * The sliding-log step, shared by the burst script here and the one-round-trip admission script
 * (redis-admission.ts). A sorted set per key scored by microseconds: evict entries at or before
 * now − window, count, admit (ZADD with a caller-unique member) if fewer than `limit` remain, and let
 * the key expire with the window. `now_us` < 0 means Redis `TIME`, so every API process shares one
 * clock (tests pass their own). Returns allowed (0/1), in_window_after, oldest_us, newest_us, now_us.
 */
export const BURST_HIT_FN = `
-- Lua prints numbers with 14 significant digits; microsecond epochs need 16, so format explicitly.
local function int(x) return string.format('%.0f', x) end
local function burst_hit(key, limit, window_us, member, now_us)
  if now_us < 0 then
    local t = redis.call('TIME')
    now_us = tonumber(t[1]) * 1000000 + tonumber(t[2])
  end
  -- Never let a key's log run backwards (clock stepped back): time is at least the newest entry.
  local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')[2]
  if newest and tonumber(newest) > now_us then now_us = tonumber(newest) end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', int(now_us - window_us))
  local count = redis.call('ZCARD', key)
  local allowed = 0
  if count < limit then
    redis.call('ZADD', key, int(now_us), member)
    redis.call('PEXPIRE', key, math.ceil(window_us / 1000) + 1)
    count = count + 1
    allowed = 1
    newest = int(now_us)
  end
  local oldest = newest
  if count >= limit then oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2] end
  if count == 0 then newest = int(now_us); oldest = newest end
  return allowed, count, oldest, newest, int(now_us)
end
`;

const HIT_LUA = `${BURST_HIT_FN}
local allowed, count, oldest, newest, now_us =
  burst_hit(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4]))
return { allowed, count, oldest, newest, now_us }
`;

/** The burst decision from the script's {allowed, count, oldest_us, newest_us, now_us}. */
export function burstDecision(reply: readonly unknown[], limit: number, window_us: number): BurstDecision {
  const [allowed, count, oldest, newest, now] = reply as [number, number, string, string, string];
  const now_us = Number(now);
  const remaining = Math.max(0, limit - count);
  const until = (score: string) => Math.max(0, Math.ceil((Number(score) + window_us - now_us) / 1000));
  return {
    allowed: allowed === 1,
    limit,
    remaining,
    retry_after_ms: remaining > 0 ? 0 : until(oldest),
    reset_ms: count === 0 ? 0 : until(newest),
  };
}

/** `<prefix>burst:<key_id>`: one sorted set per key. */
export const burstKey = (prefix: string, key_id: string): string => `${prefix}burst:${key_id}`;

const hitScript = new RedisScript(HIT_LUA);

export interface RedisBurstLimiterOptions {
  /** Key prefix, e.g. `bw:`; the limiter uses `<prefix>burst:<key_id>`. */
  readonly prefix: string;
  /** Test hook: drive the script's clock instead of Redis `TIME`. */
  readonly clock?: MillisClock;
}

/** Distributed exact sliding-log limiter: every API process sharing the Redis shares the limit. */
export class RedisBurstLimiter implements BurstLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #clock: MillisClock | undefined;
  /** Unique per limiter instance; with the sequence number it makes every ZADD member unique. */
  readonly #instance = `${process.pid}.${Math.random().toString(36).slice(2, 10)}`;
  #seq = 0;

  constructor(redis: Redis, options: RedisBurstLimiterOptions) {
    this.#redis = redis;
    this.#prefix = options.prefix;
    this.#clock = options.clock;
  }

  /**
   * A unique log member and the clock argument (−1: Redis `TIME`) for one hit, here or in the
   * admission script that runs the same step.
   */
  hitArgs(): [member: string, now_us: number] {
    return [
      `${this.#instance}.${this.#seq++}`,
      this.#clock === undefined ? -1 : Math.round(this.#clock.now() * 1000),
    ];
  }

  async hit(key_id: string, limit: number, window_ms: number): Promise<BurstDecision> {
    if (limit <= 0) return { allowed: false, limit, remaining: 0, retry_after_ms: window_ms, reset_ms: 0 };
    const window_us = window_ms * 1000;
    let reply: unknown;
    try {
      reply = await hitScript.run(
        this.#redis,
        [burstKey(this.#prefix, key_id)],
        [limit, window_us, ...this.hitArgs()],
      );
    } catch (error) {
      throw new LimiterUnavailableError('burst limiter: Redis call failed', { cause: error });
    }
    return burstDecision(reply as unknown[], limit, window_us);
  }

  /** The Redis client belongs to the caller; nothing to release here. */
  async close(): Promise<void> {}
}
