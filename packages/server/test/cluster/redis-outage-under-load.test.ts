/**
 * Redis stops for ten seconds under load (distributed mode; a private Redis on loopback that comes back
 * empty, as a restarted cache without persistence does). The documented policy (docs/deploy.md): API
 * calls answer 503 service_unavailable with Retry-After, never a 500 and never an unmetered request;
 * service resumes within 10 s of Redis's return; the usage ledger (in PostgreSQL) stays exact and the
 * quota counters re-seed from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServerProcess } from '../limits/support/redis-server-process.js';
import {
  expectOnlySuccessOr503,
  LoadLoop,
  type LoadTarget,
  ledgerTotal,
  startLoadTarget,
} from '../support/load-loop.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Redis outage of 10 s under load', () => {
  let redis: RedisServerProcess;
  let target: LoadTarget;

  beforeAll(async () => {
    redis = await RedisServerProcess.start();
    target = await startLoadTarget(NOW, { redisUrl: redis.url });
  }, 120_000);
  afterAll(async () => {
    await target?.server.close().catch(() => {});
    await redis?.stop();
    await target?.deployment.destroy().catch(() => {});
  });

  it('answers 503 with Retry-After, resumes within 10 s of its return, and keeps the ledger exact', async () => {
    const { server, key, keyId, ticker } = target;
    const load = new LoadLoop(server, key, ticker);
    await sleep(2_000);
    const billedBefore = load.answers.filter((a) => a.status < 300).length;
    await redis.stop();
    const downAt = load.elapsed();
    await sleep(5_000);
    const readyDown = await server.app.inject({ url: '/readyz' });
    await sleep(5_000);
    await redis.start();
    const upAt = load.elapsed();
    const recoveredAt = await load.recovered(10_000);
    await sleep(500);
    await load.stop();

    expect(readyDown.statusCode).toBe(503);
    expect(readyDown.json().checks.redis).toBe('failing');
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(recoveredAt, 'service did not resume within 10 s').toBeDefined();
    expect(recoveredAt! - upAt).toBeLessThan(10_000);

    const during = load.answers.filter((a) => a.at > downAt + 500 && a.at < upAt);
    expect(during.length).toBeGreaterThan(20);
    // Nothing is admitted unmetered while the limiter's store is away.
    expect(during.every((a) => a.status === 503)).toBe(true);
    expectOnlySuccessOr503(load.answers);
    expect(billedBefore).toBeGreaterThan(20);

    for (const a of load.answers.filter((x) => x.jobId !== undefined)) {
      expect((await server.get(`/api/v1/analysis/${a.jobId}`, key)).statusCode, a.jobId).toBe(200);
    }
    expect(await ledgerTotal(server, keyId)).toBe(load.answers.filter((a) => a.status < 300).length);
    // The quota counter Redis lost was re-seeded from the ledger: /account reports the ledger's count.
    const account = await server.get('/api/v1/account', key);
    expect(account.statusCode).toBe(200);
    const quota = account.json().limits.quota as {
      window: 'hour' | 'month';
      used: number;
      window_start: string;
    };
    const windowStart = new Date(quota.window_start).toISOString();
    expect(quota.used).toBe(await server.platform.storage.usage.get(keyId, quota.window, windowStart));
    expect(quota.used).toBeGreaterThan(0);
  }, 120_000);
});
