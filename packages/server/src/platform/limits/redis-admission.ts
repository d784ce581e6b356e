import type { Redis } from 'ioredis';
import type { QuotaWindow } from '../../db/records.js';
import { keygenKey } from '../keys/redis-coherence.js';
import { LimiterUnavailableError } from './limiter-unavailable-error.js';
import { quotaWindowAt } from './quota-windows.js';
import { BURST_HIT_FN, burstDecision, burstKey, type RedisBurstLimiter } from './redis-burst-limiter.js';
import { quotaKey } from './redis-quota-counter.js';
import { RedisScript } from './redis-script.js';
import type { BurstDecision, QuotaDecision } from './types.js';
import type { UsageLedger } from './usage-ledger.js';

/**
 * Key generation check, burst hit and quota reservation (or read) in one atomic script: nothing is
 * counted unless the key's generation is the one the caller's cached row was loaded under (-1:
 * stale). `used` is -1 when the quota counter is absent (the caller seeds it from the ledger).
 * Returns {allowed, count, oldest_us, newest_us, now_us, used, reserved}.
 */
const ADMIT_LUA = `${BURST_HIT_FN}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return { -1 } end
local allowed, count, oldest, newest, now_us =
  burst_hit(KEYS[2], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5]))
local used = -1
local reserved = 0
if allowed == 1 then
  local v = redis.call('GET', KEYS[3])
  if v then
    used = tonumber(v)
    if ARGV[7] == '1' and used < tonumber(ARGV[6]) then
      used = redis.call('INCR', KEYS[3])
      reserved = 1
    end
  end
end
return { allowed, count, oldest, newest, now_us, used, reserved }
`;

const admitScript = new RedisScript(ADMIT_LUA);

export interface AdmissionRequest {
  readonly key_id: string;
  /** The quota meter the key counts on (ADR 0064). */
  readonly meter_id: string;
  /** The coherence stamp the caller's cached key row was loaded under. */
  readonly stamp: string;
  readonly burst_limit: number;
  readonly burst_window_ms: number;
  readonly quota_window: QuotaWindow;
  readonly quota_limit: number;
  /** Reserve one unit (a billable route) or only read the counter. */
  readonly reserve: boolean;
  readonly now_ms: number;
}

export type AdmissionResult =
  /** The key changed since the caller cached it: nothing was counted; authenticate afresh. */
  | { readonly stale: true }
  | {
      readonly stale: false;
      readonly burst: BurstDecision;
      /**
       * The reservation (or, when not reserving, the counter as read, `allowed` true); `undefined`
       * when the burst refused or the counter must first be seeded from the ledger.
       */
      readonly quota: QuotaDecision | undefined;
    };

const STALE: AdmissionResult = { stale: true };

/**
 * Distributed admission in one Redis round trip instead of three (generation GET, burst script,
 * quota script), with the same semantics: the burst step is the burst limiter's own Lua, the quota
 * step the quota counter's, and both run only if the key is unchanged, so a rotated or revoked key
 * is never counted nor admitted (ADR 0057).
 */
export class RedisAdmission {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #burst: RedisBurstLimiter;
  readonly #ledger: UsageLedger;

  constructor(redis: Redis, prefix: string, burst: RedisBurstLimiter, ledger: UsageLedger) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#burst = burst;
    this.#ledger = ledger;
  }

  admit(r: AdmissionRequest): Promise<AdmissionResult> {
    const bounds = quotaWindowAt(r.quota_window, r.now_ms);
    const window_us = r.burst_window_ms * 1000;
    return admitScript
      .run(
        this.#redis,
        [
          keygenKey(this.#prefix, r.key_id),
          burstKey(this.#prefix, r.key_id),
          quotaKey(this.#prefix, r.meter_id, r.quota_window, bounds.window_start),
        ],
        [r.stamp, r.burst_limit, window_us, ...this.#burst.hitArgs(), r.quota_limit, r.reserve ? '1' : '0'],
      )
      .then(
        (reply) => this.#result(r, bounds, window_us, reply as unknown[]),
        (error: unknown) => {
          throw new LimiterUnavailableError('admission: Redis call failed', { cause: error });
        },
      );
  }

  #result(
    r: AdmissionRequest,
    bounds: { readonly window_start: string; readonly end_ms: number },
    window_us: number,
    reply: unknown[],
  ): AdmissionResult {
    if (reply[0] === -1) return STALE;
    const burst = burstDecision(reply, r.burst_limit, window_us);
    const used = reply[5] as number;
    if (!burst.allowed || used < 0) return { stale: false, burst, quota: undefined };
    const reserved = reply[6] === 1;
    if (reserved) this.#ledger.record(r.meter_id, r.quota_window, bounds.window_start, 1);
    return {
      stale: false,
      burst,
      quota: {
        allowed: r.reserve ? reserved : true,
        limit: r.quota_limit,
        used,
        remaining: Math.max(0, r.quota_limit - used),
        window_start: bounds.window_start,
        reset_ms: bounds.end_ms - r.now_ms,
      },
    };
  }
}
