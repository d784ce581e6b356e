import type { Redis } from 'ioredis';
import type { UsageCounts } from '../../db/repositories.js';
import type { MillisClock } from './clock.js';
import { MemoryBurstLimiter } from './memory-burst-limiter.js';
import { MemoryQuotaCounter } from './memory-quota-counter.js';
import { RedisAdmission } from './redis-admission.js';
import { RedisBurstLimiter } from './redis-burst-limiter.js';
import { RedisQuotaCounter } from './redis-quota-counter.js';
import type { BurstLimiter, QuotaCounter } from './types.js';
import { UsageLedger, type UsageLedgerOptions } from './usage-ledger.js';

export type LimitersConfig =
  | ({ readonly kind: 'memory' } & UsageLedgerOptions)
  | ({
      readonly kind: 'redis';
      /** Owned by the caller (closed by whoever created it); create it with `maxRetriesPerRequest` set
       * and a command deadline (`shareCommandDeadline`, or ioredis's `commandTimeout`) so a dead Redis
       * fails requests fast instead of queueing them. */
      readonly redis: Redis;
      /** Key prefix shared by every process of one deployment, e.g. `bw:`. */
      readonly prefix: string;
    } & UsageLedgerOptions);

export interface Limiters {
  readonly burst: BurstLimiter;
  readonly quota: QuotaCounter;
  readonly ledger: UsageLedger;
  /** Distributed mode: key check, burst and quota in one Redis round trip (ADR 0057). */
  readonly admission: RedisAdmission | undefined;
  /** Closes the limiters and flushes the ledger (rejects if that final flush fails). */
  close(): Promise<void>;
}

/**
 * The one place the limiter implementation is chosen. `clock` drives the in-memory burst limiter
 * (tests); in Redis mode the burst clock is Redis `TIME`, shared by every process, unless a clock
 * is given (tests only). Quota windows follow the `now` each call passes.
 */
export function createLimiters(config: LimitersConfig, usage: UsageCounts, clock?: MillisClock): Limiters {
  const ledgerOptions: UsageLedgerOptions = {
    ...(config.flush_interval_ms === undefined ? {} : { flush_interval_ms: config.flush_interval_ms }),
    ...(config.onFlushError === undefined ? {} : { onFlushError: config.onFlushError }),
  };
  const ledger = new UsageLedger(usage, ledgerOptions);
  let burst: BurstLimiter;
  let quota: QuotaCounter;
  let admission: RedisAdmission | undefined;
  if (config.kind === 'memory') {
    burst = new MemoryBurstLimiter(clock);
    quota = new MemoryQuotaCounter(ledger);
  } else {
    const prefix = config.prefix;
    const redisBurst = new RedisBurstLimiter(
      config.redis,
      clock === undefined ? { prefix } : { prefix, clock },
    );
    burst = redisBurst;
    quota = new RedisQuotaCounter(config.redis, ledger, { prefix });
    admission = new RedisAdmission(config.redis, prefix, redisBurst, ledger);
  }
  return {
    burst,
    quota,
    ledger,
    admission,
    async close() {
      await burst.close();
      await quota.close();
      await ledger.close();
    },
  };
}
