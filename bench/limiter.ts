/**
 * Limiter throughput benchmark.
 *
 *   node --conditions=development --import tsx bench/limiter.ts [--repeats=5] [--redis=redis://127.0.0.1:6379] [--concurrency=64]
 *
 * Memory: BurstLimiter.hit and QuotaCounter.reserve called back to back (each awaited) over 1,000
 * keys, as the HTTP hot path does. Redis: the same calls with `concurrency` callers in flight on one
 * ioredis connection (auto-pipelined by ioredis), against the given Redis under a throwaway key
 * prefix that is deleted afterwards. The quota limit is set so nothing is ever rejected (the
 * admitting path is the expensive one); burst keys are mostly over the limit (10/s), i.e. a mix.
 * A bare PING on the same connection is measured as the round-trip baseline.
 * Prints the median hits/s of `repeats` runs after one untimed warm-up, plus the median µs/hit.
 */

import { createLimiters, type Limiters } from '@bellwether/server/platform';
import type { QuotaWindow, UsageCounts, UsageDelta } from '@bellwether/server/storage';
import { Redis } from 'ioredis';

const arg = (name: string, fallback: string) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3) ?? fallback;
const repeats = Number(arg('repeats', '5'));
const redisUrl = arg('redis', 'redis://127.0.0.1:6379');
const concurrency = Number(arg('concurrency', '64'));
const KEYS = Array.from({ length: 1000 }, (_, i) => `key_${i}`);

/** A ledger table that costs nothing, so the numbers are the limiter's own. */
class NullUsageRepo implements UsageCounts {
  async add(_deltas: readonly UsageDelta[]): Promise<void> {}
  async get(_key_id: string, _window: QuotaWindow, _window_start: string): Promise<number> {
    return 0;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

type Op = (i: number) => Promise<unknown>;

async function run(op: Op, n: number, inFlight: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < n) await op(next++);
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

async function measure(label: string, op: Op, n: number, inFlight: number): Promise<void> {
  await run(op, Math.min(n, 20_000), inFlight);
  const rates: number[] = [];
  for (let r = 0; r < repeats; r++) rates.push(await run(op, n, inFlight));
  const rate = median(rates);
  console.log(
    `${label.padEnd(44)} ${Math.round(rate).toLocaleString('en-US').padStart(12)} hits/s  ${(1e6 / rate).toFixed(2).padStart(8)} µs/hit`,
  );
}

async function suite(name: string, limiters: Limiters, n: number, inFlight: number): Promise<void> {
  const now = new Date();
  await measure(
    `${name} burst.hit (in flight ${inFlight})`,
    (i) => limiters.burst.hit(KEYS[i % 1000]!, 10, 1000),
    n,
    inFlight,
  );
  await measure(
    `${name} quota.reserve (in flight ${inFlight})`,
    (i) => limiters.quota.reserve(KEYS[i % 1000]!, 'hour', 1e12, now),
    n,
    inFlight,
  );
  await measure(
    `${name} burst.hit + quota.reserve (in flight ${inFlight})`,
    async (i) => {
      const key = KEYS[i % 1000]!;
      const burst = await limiters.burst.hit(key, 10, 1000);
      if (burst.allowed) await limiters.quota.reserve(key, 'hour', 1e12, now);
    },
    n,
    inFlight,
  );
}

console.log(`node ${process.version}, ${repeats} repeats, median`);
const memory = createLimiters({ kind: 'memory' }, new NullUsageRepo());
await suite('memory', memory, 2_000_000, 1);
await memory.close();

const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
const prefix = `bw_bench_${process.pid}:`;
try {
  await redis.ping();
  const distributed = createLimiters({ kind: 'redis', redis, prefix }, new NullUsageRepo());
  // Baseline: a bare round trip on the same connection, to separate the script's cost from the network's.
  await measure(`redis PING baseline (in flight ${concurrency})`, () => redis.ping(), 30_000, concurrency);
  await suite('redis', distributed, 30_000, concurrency);
  await measure('redis PING baseline (in flight 1)', () => redis.ping(), 3_000, 1);
  await suite('redis', distributed, 3_000, 1);
  await distributed.close();
} finally {
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
