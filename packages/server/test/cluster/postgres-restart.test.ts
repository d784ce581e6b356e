/**
 * PostgreSQL restarts under load (distributed mode, a private PostgreSQL and Redis on loopback): the
 * database is killed without a checkpoint while requests and analysis submissions keep arriving, and
 * started again five seconds later. Every answer meanwhile is a success or a clear 503 problem with
 * Retry-After (never a 500), readiness reports the storage outage, service resumes by itself, no
 * acknowledged submission is lost and the usage ledger bills exactly the billable answers.
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
import { PostgresServerProcess } from '../support/postgres-server-process.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(PostgresServerProcess.available())('PostgreSQL restart under load', () => {
  let pg: PostgresServerProcess;
  let redis: RedisServerProcess;
  let target: LoadTarget;

  beforeAll(async () => {
    pg = await PostgresServerProcess.start();
    redis = await RedisServerProcess.start();
    target = await startLoadTarget(NOW, { storage: { kind: 'postgres', url: pg.url }, redisUrl: redis.url });
  }, 120_000);
  afterAll(async () => {
    await target?.server.close().catch(() => {});
    await target?.deployment.destroy().catch(() => {});
    await redis?.stop();
    pg?.destroy();
  });

  it('answers 503 with Retry-After during the outage, recovers, loses no acknowledged write and bills exactly', async () => {
    const { server, key, keyId, ticker } = target;
    const load = new LoadLoop(server, key, ticker);
    await sleep(2_000);
    pg.stop('immediate');
    const downAt = load.elapsed();
    await sleep(1_500);
    const readyDown = await server.app.inject({ url: '/readyz' });
    await sleep(3_500);
    pg.start();
    const upAt = load.elapsed();
    const recoveredAt = await load.recovered(10_000);
    await sleep(500);
    await load.stop();
    const readyUp = await server.app.inject({ url: '/readyz' });

    expect(readyDown.statusCode).toBe(503);
    expect(readyDown.json().checks.storage).toBe('failing');
    expect(readyUp.statusCode).toBe(200);
    expect(recoveredAt, 'service did not resume within 10 s').toBeDefined();
    expect(recoveredAt! - upAt).toBeLessThan(10_000);

    const during = load.answers.filter((a) => a.at > downAt + 500 && a.at < upAt);
    expect(during.length).toBeGreaterThan(20);
    expect(during.some((a) => a.status === 503)).toBe(true);
    expectOnlySuccessOr503(load.answers);

    // No acknowledged submission lost: every 202's job is there after the restart.
    const acknowledged = load.answers.filter((a) => a.jobId !== undefined);
    expect(acknowledged.length).toBeGreaterThan(20);
    for (const a of acknowledged) {
      const job = await server.get(`/api/v1/analysis/${a.jobId}`, key);
      expect(job.statusCode, a.jobId).toBe(200);
    }
    // The ledger bills exactly the billable answers (2xx on billed routes; 503s are not billed).
    expect(await ledgerTotal(server, keyId)).toBe(load.answers.filter((a) => a.status < 300).length);
  }, 120_000);
});
