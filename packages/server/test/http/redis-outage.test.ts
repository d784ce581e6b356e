import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServerProcess } from '../limits/support/redis-server-process.js';
import { Deployment, type Instance } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

describe('distributed mode when Redis goes away', () => {
  let redis: RedisServerProcess;
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    redis = await RedisServerProcess.start();
    deployment = await Deployment.create('distributed', { redisUrl: redis.url });
    server = await deployment.start();
    key = (await server.account('enterprise')).key as string;
  });
  afterAll(async () => {
    await server.close();
    await redis.stop();
    await deployment.destroy();
  });

  it('answers 503 service_unavailable with Retry-After (never 500), reports not ready, and recovers', async () => {
    expect((await server.get('/api/v1/session', key)).statusCode).toBe(200);
    await redis.stop();
    const down = await server.get('/api/v1/session', key);
    expectProblem(down, 503, 'service_unavailable');
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks.redis).toBe('failing');
    expect(server.logs.text).not.toContain(key.slice(3, 40));

    await redis.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await server.get('/api/v1/session', key)).statusCode;
    }
    expect(status).toBe(200);
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  }, 60_000);
});
