import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

/** Seconds from now to the start of the next UTC calendar month, computed independently. */
function secondsToMonthEnd(now = new Date()): number {
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(MODES)('quotas (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  it('the (n+1)-th billable call in the window is quota_exceeded with Retry-After to the window end, and stays so across restarts', async () => {
    const { key } = (await server.account('analyst')) as { key: string }; // 5 per calendar month
    for (let i = 1; i <= 5; i++) {
      const res = await server.get('/api/v1/cards', key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
      expect(String(res.headers['ratelimit-policy'])).toMatch(/"quota";q=5;w=\d+/);
    }
    const res = await server.get('/api/v1/cards', key);
    const body = expectProblem(res, 429, 'quota_exceeded');
    expect(body.violated_policies).toEqual(['quota']);
    expect(Math.abs(Number(res.headers['retry-after']) - secondsToMonthEnd())).toBeLessThanOrEqual(2);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');

    // Restart the server (and, distributed, lose Redis's counters): usage comes back from the ledger.
    await server.close();
    await deployment.wipeRedis();
    server = await deployment.start();
    expectProblem(await server.get('/api/v1/cards', key), 429, 'quota_exceeded');
    expectProblem(await server.get('/api/v1/cards/performance', key), 429, 'quota_exceeded');
  });

  it('does not bill /account, /session, 304 revalidations, 403s or refused submissions', async () => {
    const { key } = (await server.account('analyst', { burst: 100 })) as { key: string };
    const first = await server.get('/api/v1/cards', key);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    // The quota headers of an unbilled answer already count its unit as given back, as /account does.
    const saysFourLeft = (res: { headers: Record<string, unknown> }) => {
      expect(res.headers['x-ratelimit-remaining']).toBe('4');
      expect(String(res.headers.ratelimit)).toMatch(/"quota";r=4;/);
    };
    for (let i = 0; i < 3; i++) {
      const revalidated = await server.get('/api/v1/cards', key, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      saysFourLeft(revalidated);
      expect((await server.get('/api/v1/account', key)).statusCode).toBe(200);
      const session = await server.get('/api/v1/session', key);
      expect(session.statusCode).toBe(200);
      saysFourLeft(session);
      expect((await server.get('/api/v1/analytics/risk', key)).statusCode).toBe(403);
      // This deployment has no market data: the submission is a 422 unknown_ticker, not billed.
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/v1/analysis',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { ticker: 'AAPL', tier: 'Light' },
      });
      expectProblem(refused, 422, 'unknown_ticker');
      saysFourLeft(refused);
    }
    const account = (await server.get('/api/v1/account', key)).json();
    expect(account.limits.quota.used).toBe(1);
    expect(account.limits.quota.remaining).toBe(4);
    expect(account.limits.quota.window).toBe('month');
  });

  it('does not bill /session (issue #26): called far beyond the quota it leaves usage untouched, yet the burst limit still refuses it', async () => {
    const { key } = (await server.account('analyst', { quota: 3 })) as { key: string }; // burst 10 per second
    const remaining = (res: { headers: Record<string, unknown> }) => res.headers['x-ratelimit-remaining'];
    const billed = await server.get('/api/v1/cards', key);
    expect(billed.statusCode).toBe(200);
    expect(remaining(billed)).toBe('2');
    // Nine more in the same second fill the burst window (ten with the /cards call): each is served, unbilled.
    for (let i = 0; i < 9; i++) {
      const res = await server.get('/api/v1/session', key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(remaining(res)).toBe('2');
    }
    const refused = await server.get('/api/v1/session', key);
    expect(expectProblem(refused, 429, 'rate_limited').violated_policies).toEqual(['burst']);
    expect(remaining(refused)).toBe('2');
    await sleep(1100);
    for (let i = 0; i < 10; i++) expect(remaining(await server.get('/api/v1/session', key))).toBe('2');
    await sleep(1100);
    const quota = (await server.get('/api/v1/account', key)).json().limits.quota;
    expect([quota.limit, quota.used, quota.remaining]).toEqual([3, 1, 2]);
    // The quota is still there for data, and once it is spent /session keeps answering.
    expect(remaining(await server.get('/api/v1/cards', key))).toBe('1');
    expect(remaining(await server.get('/api/v1/cards', key))).toBe('0');
    expectProblem(await server.get('/api/v1/cards', key), 429, 'quota_exceeded');
    const after = await server.get('/api/v1/session', key);
    expect(after.statusCode, after.body).toBe(200);
    expect(remaining(after)).toBe('0');
  });

  it('rotation keeps the counters: a rotated key does not get a fresh quota', async () => {
    const { key, keyId } = (await server.account('analyst')) as { key: string; keyId: string };
    for (let i = 0; i < 5; i++) expect((await server.get('/api/v1/cards', key)).statusCode).toBe(200);
    const rotated = await server.platform.keys.rotate(keyId);
    if (!rotated.ok) throw new Error('rotate failed');
    expectProblem(await server.get('/api/v1/cards', rotated.key), 429, 'quota_exceeded');
  });

  it('hourly quotas reset at the top of the UTC hour', async () => {
    const { key } = (await server.account('starter', { quota: 2 })) as { key: string };
    expect((await server.get('/api/v1/cards', key)).statusCode).toBe(200);
    expect((await server.get('/api/v1/cards', key)).statusCode).toBe(200);
    const res = await server.get('/api/v1/cards', key);
    expectProblem(res, 429, 'quota_exceeded');
    const now = new Date();
    const toHourEnd =
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 1) -
        now.getTime()) /
      1000;
    expect(Math.abs(Number(res.headers['retry-after']) - toHourEnd)).toBeLessThanOrEqual(2);
  });
});
