import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { burst, ServeProcess } from '../support/serve-process.js';

const count = (codes: number[], status: number) => codes.filter((c) => c === status).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(MODES)('burst limit over HTTP (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let base: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  it('admits exactly 10 of 100 concurrent requests on one key, in every trial', async () => {
    const { key } = (await server.account('enterprise')) as { key: string };
    await burst([`${base}/api/v1/session`], key); // warm the connection pool and key cache
    await sleep(1100);
    for (let trial = 0; trial < 5; trial++) {
      const codes = await burst(
        Array.from({ length: 100 }, () => `${base}/api/v1/session`),
        key,
      );
      expect(count(codes, 200), `trial ${trial}`).toBe(10);
      expect(count(codes, 429), `trial ${trial}`).toBe(90);
      await sleep(1100);
    }
  });

  it('answers rate_limited problems with Retry-After and rate-limit headers', async () => {
    const { key } = (await server.account('enterprise')) as { key: string };
    let last: Awaited<ReturnType<typeof server.get>> | undefined;
    // A billed route: the refusal carries the quota as the tenth answer left it (ten units used).
    for (let i = 0; i < 10; i++) {
      last = await server.get('/api/v1/cards', key);
      expect(last.statusCode).toBe(200);
    }
    const res = await server.get('/api/v1/cards', key);
    const body = expectProblem(res, 429, 'rate_limited');
    expect(body.violated_policies).toEqual(['burst']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(1);
    // The same quota headers as every other answer (issue #26: the burst 429 had none).
    expect(res.headers['ratelimit-policy']).toBe(last?.headers['ratelimit-policy']);
    expect(String(res.headers['ratelimit-policy'])).toMatch(/^"burst";q=10;w=1, "quota";q=\d+;w=\d+$/);
    expect(res.headers.ratelimit).toMatch(/^"burst";r=0;t=1, "quota";r=\d+;t=\d+$/);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(res.headers[h], h).toBe(last?.headers[h]);
    expect(Number(res.headers['x-ratelimit-limit']) - Number(res.headers['x-ratelimit-remaining'])).toBe(10);
  });

  it('counts each key separately', async () => {
    const a = (await server.account('enterprise')) as { key: string };
    const b = (await server.account('enterprise')) as { key: string };
    const [codesA, codesB] = await Promise.all([
      burst(
        Array.from({ length: 30 }, () => `${base}/api/v1/session`),
        a.key,
      ),
      burst(
        Array.from({ length: 30 }, () => `${base}/api/v1/session`),
        b.key,
      ),
    ]);
    expect(count(codesA, 200)).toBe(10);
    expect(count(codesB, 200)).toBe(10);
  });

  it('does not count failed authentication against the key', async () => {
    const { key } = (await server.account('enterprise')) as { key: string };
    const wrong = `${key.slice(0, 15)}${'x'.repeat(24)}${key.slice(-6)}`;
    await burst(
      Array.from({ length: 30 }, () => `${base}/api/v1/session`),
      wrong,
    );
    const codes = await burst(
      Array.from({ length: 10 }, () => `${base}/api/v1/session`),
      key,
    );
    expect(count(codes, 200)).toBe(10);
  });

  it('slides: ten more are admitted one second after the first ten', async () => {
    const { key } = (await server.account('enterprise')) as { key: string };
    expect(
      count(
        await burst(
          Array.from({ length: 10 }, () => `${base}/api/v1/session`),
          key,
        ),
        200,
      ),
    ).toBe(10);
    await sleep(400);
    expect(
      count(
        await burst(
          Array.from({ length: 5 }, () => `${base}/api/v1/session`),
          key,
        ),
        200,
      ),
    ).toBe(0);
    await sleep(750);
    expect(
      count(
        await burst(
          Array.from({ length: 15 }, () => `${base}/api/v1/session`),
          key,
        ),
        200,
      ),
    ).toBe(10);
  });
});

describe('burst limit across two serve processes sharing Redis (distributed)', () => {
  let deployment: Deployment;
  let servers: ServeProcess[] = [];
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create('distributed');
    const setup = await deployment.start();
    key = (await setup.account('enterprise')).key as string;
    await setup.close();
    servers = await Promise.all([ServeProcess.start(deployment.env()), ServeProcess.start(deployment.env())]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await deployment.destroy();
  });

  it('admits exactly 10 of 100 concurrent requests spread over both instances, in every trial', async () => {
    await burst(
      servers.map((s) => `${s.address}/api/v1/session`),
      key,
    ); // warm both instances
    await sleep(1100);
    for (let trial = 0; trial < 5; trial++) {
      const urls = Array.from({ length: 100 }, (_, i) => `${servers[i % 2]?.address}/api/v1/session`);
      const codes = await burst(urls, key);
      expect(count(codes, 200), `trial ${trial}`).toBe(10);
      expect(count(codes, 429), `trial ${trial}`).toBe(90);
      await sleep(1100);
    }
  });
});
