/**
 * Issue #23: an idempotent replay (same Idempotency-Key, same body) after the key's quota ran out
 * answered 429 instead of the job it had created. The quota step refused it before the handler could
 * see it was a replay. A replay creates nothing and is not billed, so the quota does not stand between a
 * client and the job it already paid for; it is still authenticated and still burst-limited (ADR 0063).
 * Both modes: the distributed one, once the key is cached, admits in one Redis round trip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

const NOW = new Date('2026-11-25T15:00:00Z');

describe.each(MODES)('an idempotent replay once the quota is used up (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let ticker: string;

  const post = (key: string, body: unknown, idempotencyKey?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 2, years: 2 });
    ticker = (await server.platform.market.listInstruments())[0]?.ticker as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('answers the stored job, unbilled, and still refuses new work', async () => {
    const { key } = await server.account('enterprise', { quota: 2, burst: 1000 });
    const k = key as string;
    const light = { ticker, tier: 'Light' };
    const first = await post(k, light, 'first');
    expect(first.statusCode, first.body).toBe(202);
    expect((await post(k, { ticker, tier: 'Medium' }, 'second')).statusCode).toBe(202);
    const used = async () => (await server.get('/api/v1/account', k)).json().limits.quota.used as number;
    expect(await used()).toBe(2);

    // The quota is used up: a new submission is refused…
    expectProblem(await post(k, light, 'third'), 429, 'quota_exceeded');
    expectProblem(await post(k, light), 429, 'quota_exceeded');
    // …a replay is not, however many times (the first passes the full pipeline, the next the cached key).
    for (let i = 0; i < 3; i++) {
      const again = await post(k, light, 'first');
      expect(again.statusCode, again.body).toBe(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().job_id).toBe(first.json().job_id);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers['x-ratelimit-remaining']).toBe('0');
    }
    // The same key with another body is no replay: over quota, it is the quota's refusal.
    expectProblem(await post(k, { ticker, tier: 'Full' }, 'first'), 429, 'quota_exceeded');
    // Nothing was billed or created by any of it, and the refused key "third" stays unused.
    expect(await used()).toBe(2);
    const jobs = (await server.get('/api/v1/analysis?limit=100', k)).json().data as unknown[];
    expect(jobs).toHaveLength(2);
    const account = (await server.platform.keys.authenticate(`Bearer ${k}`)) as {
      ok: true;
      principal: { account: { id: string } };
    };
    expect(
      await server.platform.storage.analysis.findIdempotencyKey(account.principal.account.id, 'third', 'x'),
    ).toBeUndefined();
  });

  it('keeps a replay burst-limited', async () => {
    const { key } = await server.account('enterprise', { quota: 100, burst: 1 });
    const k = key as string;
    expect((await post(k, { ticker, tier: 'Light' }, 'burst')).statusCode).toBe(202);
    // The second request inside the same second exceeds the burst of 1, replay or not.
    expectProblem(await post(k, { ticker, tier: 'Light' }, 'burst'), 429, 'rate_limited');
  });
});
