/**
 * The one-round-trip admission (ADR 0057) against the separate ports it fuses: on the same clock and
 * the same sequence of requests it gives the burst limiter's and the quota counter's decisions, it
 * counts nothing for a key whose generation moved, and it leaves an absent quota counter to be seeded.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisCoherence } from '../../src/platform/keys/redis-coherence.js';
import { createLimiters } from '../../src/platform/limits/create-limiters.js';
import type { RedisAdmission } from '../../src/platform/limits/redis-admission.js';
import { ManualClock } from './support/manual-clock.js';
import { MemoryUsageRepo } from './support/memory-usage-repo.js';
import { deletePrefix, sharedRedisAvailable, TEST_REDIS_URL, testPrefix } from './support/test-redis.js';

const available = await sharedRedisAvailable();
const HOUR = '2026-11-21T06:00:00.000Z';
const T0 = Date.parse('2026-11-21T06:10:00.000Z');

describe.runIf(available)('RedisAdmission', () => {
  const redis = new Redis(TEST_REDIS_URL);
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const p of prefixes) await deletePrefix(redis, p);
    await redis.quit();
  });
  const setup = async (seed = 0) => {
    const prefix = testPrefix();
    prefixes.push(prefix);
    const clock = new ManualClock(T0);
    const repo = new MemoryUsageRepo();
    if (seed > 0) await repo.add([{ key_id: 'k', window: 'hour', window_start: HOUR, delta: seed }]);
    const limiters = createLimiters({ kind: 'redis', redis, prefix }, repo, clock);
    const coherence = new RedisCoherence(redis, prefix);
    return { prefix, clock, repo, limiters, coherence, admission: limiters.admission as RedisAdmission };
  };

  it('decides like the burst limiter then the quota counter, request by request', async () => {
    const fused = await setup(3);
    const apart = await setup(3);
    const stamp = await fused.coherence.establish('k');
    // Seed both quota counters the ordinary way first (the admission leaves seeding to the counter).
    await fused.limiters.quota.reserve('k', 'hour', 1_000, new Date(T0));
    await apart.limiters.quota.reserve('k', 'hour', 1_000, new Date(T0));
    // 40 requests at uneven steps over ~3 s with a burst of 5 per second and a quota of 12.
    const steps = [0, 50, 50, 100, 0, 300, 10, 10, 10, 10, 500, 0, 0, 0, 0, 0, 200, 400, 90, 90];
    let burstRefused = 0;
    let quotaRefused = 0;
    for (let i = 0; i < 40; i++) {
      const dt = steps[i % steps.length] as number;
      fused.clock.advance(dt);
      apart.clock.advance(dt);
      const now_ms = fused.clock.now();
      const billable = i % 7 !== 3;
      const a = await fused.admission.admit({
        key_id: 'k',
        meter_id: 'k',
        stamp,
        burst_limit: 5,
        burst_window_ms: 1000,
        quota_window: 'hour',
        quota_limit: 12,
        reserve: billable,
        now_ms,
      });
      expect(a.stale).toBe(false);
      if (a.stale) return;
      const burst = await apart.limiters.burst.hit('k', 5, 1000);
      expect(a.burst, `request ${i}`).toEqual(burst);
      if (!burst.allowed) {
        burstRefused++;
        expect(a.quota).toBeUndefined();
        continue;
      }
      if (billable) {
        const q = await apart.limiters.quota.reserve('k', 'hour', 12, new Date(now_ms));
        if (!q.allowed) quotaRefused++;
        expect(a.quota, `request ${i}`).toEqual(q);
      } else {
        const p = await apart.limiters.quota.peek('k', 'hour', new Date(now_ms));
        expect(a.quota?.used, `request ${i}`).toBe(p.used);
      }
    }
    // Both kinds of refusal happened along the way, so both paths were compared.
    expect(burstRefused).toBeGreaterThan(0);
    expect(quotaRefused).toBeGreaterThan(0);
    // Both counted the same units, and the ledger of each holds them.
    await fused.limiters.ledger.flush();
    await apart.limiters.ledger.flush();
    expect(fused.repo.rows).toEqual(apart.repo.rows);
    const counter = async (prefix: string) => Number(await redis.get(`${prefix}quota:hour:${HOUR}:k`));
    expect(await counter(fused.prefix)).toBe(await counter(apart.prefix));
    expect(await counter(fused.prefix)).toBeGreaterThan(4);
  });

  it('counts nothing for a key whose generation changed since it was cached', async () => {
    const s = await setup();
    const stamp = await s.coherence.establish('k');
    await s.limiters.quota.reserve('k', 'hour', 100, new Date(T0));
    await s.coherence.invalidate(['k']);
    const request = {
      key_id: 'k',
      meter_id: 'k',
      stamp,
      burst_limit: 5,
      burst_window_ms: 1000,
      quota_window: 'hour' as const,
      quota_limit: 100,
      reserve: true,
      now_ms: T0,
    };
    expect(await s.admission.admit(request)).toEqual({ stale: true });
    expect(await redis.zcard(`${s.prefix}burst:k`)).toBe(0);
    expect(Number(await redis.get(`${s.prefix}quota:hour:${HOUR}:k`))).toBe(1);
    // A generation lost with a Redis restart is stale too: the cache must reload.
    await redis.del(`${s.prefix}keygen:k`);
    expect(await s.admission.admit(request)).toEqual({ stale: true });
    const fresh = await s.admission.admit({ ...request, stamp: await s.coherence.establish('k') });
    expect(fresh.stale === false && fresh.burst.allowed && fresh.quota?.used).toBe(2);
  });

  it('counts the burst but leaves an absent quota counter to be seeded from the ledger', async () => {
    const s = await setup(7);
    const stamp = await s.coherence.establish('k');
    const r = await s.admission.admit({
      key_id: 'k',
      meter_id: 'k',
      stamp,
      burst_limit: 5,
      burst_window_ms: 1000,
      quota_window: 'hour',
      quota_limit: 100,
      reserve: true,
      now_ms: T0,
    });
    expect(r.stale === false && r.burst.allowed && r.burst.remaining).toBe(4);
    expect(r.stale === false ? r.quota : 'stale').toBeUndefined();
    expect(await redis.exists(`${s.prefix}quota:hour:${HOUR}:k`)).toBe(0);
    const seeded = await s.limiters.quota.reserve('k', 'hour', 100, new Date(T0));
    expect(seeded.used).toBe(8);
  });
});
