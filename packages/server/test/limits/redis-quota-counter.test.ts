import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import { MemoryUsageRepo } from './support/memory-usage-repo.js';
import { describeQuotaCounterConformance } from './support/quota-counter-conformance.js';
import { deletePrefix, sharedRedisAvailable, TEST_REDIS_URL, testPrefix } from './support/test-redis.js';

const available = await sharedRedisAvailable();

if (available) {
  describeQuotaCounterConformance('redis', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    const prefix = testPrefix();
    return {
      create: async (usage) => createLimiters({ kind: 'redis', redis, prefix }, usage),
      teardown: async () => {
        await deletePrefix(redis, prefix);
        await redis.quit();
      },
    };
  });

  describe('RedisQuotaCounter seeding', () => {
    const prefix = testPrefix();
    const redis = new Redis(TEST_REDIS_URL);
    const now = new Date('2026-11-21T06:10:00.000Z');
    const H = '2026-11-21T06:00:00.000Z';
    afterAll(async () => {
      await deletePrefix(redis, prefix);
      await redis.quit();
    });

    it('reads the ledger once per process when a burst finds the counter missing', async () => {
      const repo = new MemoryUsageRepo();
      repo.latency_ms = 20;
      const l = createLimiters({ kind: 'redis', redis, prefix }, repo);
      const ds = await Promise.all(
        Array.from({ length: 100 }, () => l.quota.reserve('once', 'hour', 10, now)),
      );
      expect(ds.filter((d) => d.allowed)).toHaveLength(10);
      expect(repo.getCalls).toBe(1);
      await l.close();
    });

    it('lets concurrent seeders in two processes agree on one count (SET NX)', async () => {
      const repo = new MemoryUsageRepo();
      await repo.add([{ key_id: 'two', window: 'hour', window_start: H, delta: 3 }]);
      repo.latency_ms = 10;
      const a = createLimiters({ kind: 'redis', redis, prefix }, repo);
      const b = createLimiters({ kind: 'redis', redis, prefix }, repo);
      const ds = await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? a : b).quota.reserve('two', 'hour', 10, now)),
      );
      expect(ds.filter((d) => d.allowed)).toHaveLength(7);
      await Promise.all([a.close(), b.close()]);
      expect(await repo.get('two', 'hour', H)).toBe(10);
    });

    it('expires the counter after its window ends plus a margin', async () => {
      const l = createLimiters({ kind: 'redis', redis, prefix }, new MemoryUsageRepo());
      const at = new Date();
      const d = await l.quota.reserve('ttl', 'hour', 10, at);
      const ttl = await redis.pttl(`${prefix}quota:hour:${d.window_start}:ttl`);
      expect(ttl).toBeGreaterThan(d.reset_ms);
      expect(ttl).toBeLessThanOrEqual(d.reset_ms + 3_600_000);
      await l.close();
    });
  });
} else {
  describe.skip('QuotaCounter conformance: redis', () => it('needs the test Redis'));
}
