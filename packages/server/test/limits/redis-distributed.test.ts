import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { LimiterUnavailableError } from '../../src/platform/limits/limiter-unavailable-error.js';
import { RedisBurstLimiter } from '../../src/platform/limits/redis-burst-limiter.js';
import { LimiterProcess } from './support/limiter-process.js';
import { MemoryUsageRepo } from './support/memory-usage-repo.js';
import { RedisServerProcess } from './support/redis-server-process.js';
import { deletePrefix, sharedRedisAvailable, TEST_REDIS_URL, testPrefix } from './support/test-redis.js';

const available = await sharedRedisAvailable();

describe.skipIf(!available)('Redis burst limiter on the Redis clock', () => {
  const prefix = testPrefix();
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deletePrefix(redis, prefix);
    await redis.quit();
  });

  it('admits exactly 10 of 100 concurrent hits on one key, in each of 20 trials', async () => {
    const limiter = new RedisBurstLimiter(redis, { prefix });
    for (let trial = 0; trial < 20; trial++) {
      const key = `own-clock-${trial}`;
      const ds = await Promise.all(Array.from({ length: 100 }, () => limiter.hit(key, 10, 1000)));
      expect(ds.filter((d) => d.allowed)).toHaveLength(10);
    }
  });

  it('admits again once retry_after_ms has passed in real time', async () => {
    const limiter = new RedisBurstLimiter(redis, { prefix });
    const ds = await Promise.all(Array.from({ length: 11 }, () => limiter.hit('slide', 10, 1000)));
    const rejected = ds.find((d) => !d.allowed);
    expect(rejected?.retry_after_ms).toBeGreaterThan(0);
    expect(rejected?.retry_after_ms).toBeLessThanOrEqual(1000);
    await sleep((rejected?.retry_after_ms ?? 1000) + 20);
    expect(await limiter.hit('slide', 10, 1000)).toMatchObject({ allowed: true });
  });

  it('admits exactly the limit in total when 4 OS processes hit one key concurrently (burst and quota, 20 trials)', async () => {
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => LimiterProcess.spawn(TEST_REDIS_URL, prefix)),
    );
    try {
      for (let trial = 0; trial < 20; trial++) {
        const burst = await Promise.all(processes.map((p) => p.burst(`processes-${trial}`, 25)));
        expect(burst.reduce((a, b) => a + b, 0)).toBe(10);
        const quota = await Promise.all(processes.map((p) => p.quota(`processes-q-${trial}`, 25, 10)));
        expect(quota.reduce((a, b) => a + b, 0)).toBe(10);
      }
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
    }
  });
});

describe.skipIf(!available)('Redis limiters across a Redis restart (private redis-server)', () => {
  let server: RedisServerProcess;
  let redis: Redis;
  const prefix = testPrefix();
  beforeAll(async () => {
    server = await RedisServerProcess.start();
    redis = new Redis(server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
  });
  afterAll(async () => {
    redis.disconnect();
    await server.stop();
  });

  const restartRedis = async () => {
    await server.stop();
    await server.start();
    await redis.ping();
    expect(await redis.dbsize()).toBe(0);
  };

  it('keeps a quota exhausted after Redis restarts, hydrating from the flushed ledger', async () => {
    const usage = new MemoryUsageRepo();
    const limiters = createLimiters({ kind: 'redis', redis, prefix }, usage);
    const now = new Date('2026-11-21T06:20:00.000Z');
    for (let i = 0; i < 5; i++)
      expect((await limiters.quota.reserve('flushed', 'hour', 5, now)).allowed).toBe(true);
    await limiters.ledger.flush();
    await restartRedis();
    expect(await limiters.quota.reserve('flushed', 'hour', 5, now)).toMatchObject({
      allowed: false,
      used: 5,
      reset_ms: 40 * 60_000,
    });
    await limiters.close();
  });

  it('keeps a quota exhausted after Redis and the server restart together', async () => {
    const usage = new MemoryUsageRepo();
    const now = new Date('2026-11-21T06:20:00.000Z');
    const before = createLimiters({ kind: 'redis', redis, prefix }, usage);
    for (let i = 0; i < 5; i++) await before.quota.reserve('both', 'month', 5, now);
    await before.close();
    await restartRedis();
    const after = createLimiters({ kind: 'redis', redis, prefix }, usage);
    expect(await after.quota.reserve('both', 'month', 5, now)).toMatchObject({ allowed: false, used: 5 });
    await after.close();
  });

  it('counts still-buffered deltas when it re-seeds after a Redis restart', async () => {
    const usage = new MemoryUsageRepo();
    const limiters = createLimiters({ kind: 'redis', redis, prefix, flush_interval_ms: 60_000 }, usage);
    const now = new Date('2026-11-21T06:20:00.000Z');
    for (let i = 0; i < 4; i++) await limiters.quota.reserve('buffered', 'hour', 5, now);
    expect(await usage.get('buffered', 'hour', '2026-11-21T06:00:00.000Z')).toBe(0);
    await restartRedis();
    expect(await limiters.quota.reserve('buffered', 'hour', 5, now)).toMatchObject({
      allowed: true,
      used: 5,
    });
    expect((await limiters.quota.reserve('buffered', 'hour', 5, now)).allowed).toBe(false);
    await limiters.close();
    expect(await usage.get('buffered', 'hour', '2026-11-21T06:00:00.000Z')).toBe(5);
  });

  it('rejects with a LimiterUnavailableError carrying the cause when Redis dies mid-request', async () => {
    const blocker = new Redis(server.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    const client = new Redis(server.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    for (const c of [blocker, client]) c.on('error', () => undefined);
    await client.ping();
    const limiters = createLimiters({ kind: 'redis', redis: client, prefix }, new MemoryUsageRepo());
    // Hold the server busy so the hit is in flight when the process dies.
    blocker.call('DEBUG', 'SLEEP', '2').catch(() => undefined);
    await sleep(50);
    const settle = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => e,
      );
    const burst = settle(limiters.burst.hit('dropped', 10, 1000));
    const quota = settle(limiters.quota.reserve('dropped', 'hour', 5, new Date()));
    await sleep(50);
    await server.stop();
    for (const error of await Promise.all([burst, quota])) {
      expect(error).toBeInstanceOf(LimiterUnavailableError);
      expect((error as Error).cause).toBeInstanceOf(Error);
    }
    await limiters.close();
    client.disconnect();
    blocker.disconnect();
    await server.start();
  });
});
