/**
 * The SDK against a real Bellwether server on loopback, in both modes (SQLite embedded; PostgreSQL +
 * Redis distributed): pacing, retries honouring Retry-After, typed problems, and the /cards cache.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../../server/test/support/harness.js';
import { Bellwether, BellwetherProblem } from '../src/index.js';

/** fetch, counted: the real platform fetch with a tally of what actually went out. */
function countingFetch() {
  const sent: string[] = [];
  const impl: typeof fetch = (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return fetch(input, init);
  };
  return { sent, impl };
}

/** Arrival times (ms) of /api/v1 requests, read from the server's own request log. */
function arrivals(server: Instance, path: string): number[] {
  return server.logs.lines
    .map((l) => JSON.parse(l) as { msg?: string; time?: number; req?: { url?: string } })
    .filter((l) => l.msg === 'incoming request' && String(l.req?.url).startsWith(path))
    .map((l) => Number(l.time));
}

function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while ((t[i] as number) - (t[j] as number) >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe.each(MODES)('the client against a real server (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let baseUrl: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    server = await deployment.start();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  it('a burst of 50 calls from one key finishes with no error, and the server saw at most 10 in any second', async () => {
    const { key } = await server.account('enterprise');
    const client = new Bellwether({ baseUrl, apiKey: key as string });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.session.get()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const seen = arrivals(server, '/api/v1/session');
    expect(seen.length).toBe(50);
    expect(maxInAnyWindow(seen, 1000)).toBeLessThanOrEqual(10);
  }, 30_000);

  it('without pacing, 429s are retried after Retry-After with jitter until every call succeeds', async () => {
    const { key } = await server.account('enterprise');
    const counted = countingFetch();
    const client = new Bellwether({ baseUrl, apiKey: key as string, pace: false, fetch: counted.impl });
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => client.account.get()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // More requests went out than calls were made: the server refused some and the client came back.
    expect(counted.sent.length).toBeGreaterThan(30);
  }, 60_000);

  it('gives up with a typed problem when retries run out', async () => {
    const { key } = await server.account('enterprise');
    const client = new Bellwether({ baseUrl, apiKey: key as string, pace: false, maxRetries: 0 });
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => client.session.get()));
    const problems = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(problems.length).toBeGreaterThanOrEqual(5);
    for (const p of problems) {
      expect(p).toBeInstanceOf(BellwetherProblem);
      expect(p).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((p as BellwetherProblem).retryAfterMs).toBeGreaterThan(0);
    }
  });

  it('errors are typed problems with code, status, detail and request_id, never bare strings', async () => {
    const client = new Bellwether({ baseUrl, apiKey: 'bw_nope' });
    const error = await client.session.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BellwetherProblem);
    const p = error as BellwetherProblem;
    expect([p.status, p.code]).toEqual([401, 'invalid_token']);
    expect(p.detail).toMatch(/not a Bellwether API key/);
    expect(p.requestId).toMatch(/^req_/);

    const { key } = await server.account('starter');
    const starter = new Bellwether({ baseUrl, apiKey: key as string });
    const denied = (await starter.analysis.list().catch((e: unknown) => e)) as BellwetherProblem;
    expect([denied.status, denied.code, denied.requiredPlan]).toEqual([403, 'plan_required', 'analyst']);
  });

  it('serves /cards from its cache while fresh, then revalidates with If-None-Match: one billed call', async () => {
    // Fifteen seconds before the 2026-11-25 cards are due (13:30Z): /cards may then be cached only until
    // then. The margin covers a slow set-up on a busy machine; the test waits on the clock, not a sleep.
    const due = Date.parse('2026-11-25T13:30:00Z');
    const early = await Deployment.create(mode, { asOf: new Date(due - 15_000) });
    const instance = await early.start();
    try {
      await instance.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`;
      const { key } = await instance.account('enterprise');
      const counted = countingFetch();
      const client = new Bellwether({ baseUrl: url, apiKey: key as string, fetch: counted.impl });
      const first = await client.cards.list();
      expect(first.session).toBe('2026-11-25');
      expect(await client.cards.list()).toEqual(first);
      expect(counted.sent.length).toBe(1);
      // Still before the publication time (else the set-up took the whole margin and this proves nothing).
      expect(instance.platform.clock.now().getTime()).toBeLessThan(due);
      // The first answer could be kept only until the publication time, seconds away.
      while (instance.platform.clock.now().getTime() < due + 500)
        await new Promise((r) => setTimeout(r, 100));
      expect(await client.cards.list()).toEqual(first);
      expect(counted.sent.length).toBe(2);
      // The 304 renewed it for the full 30 minutes.
      expect(await client.cards.list()).toEqual(first);
      expect(counted.sent.length).toBe(2);
      const account = await client.account.get();
      expect(account.limits.quota.used).toBe(1);
    } finally {
      await instance.close();
      await early.destroy();
    }
  }, 90_000);

  it('analytics.catalog returns the indicator catalogue; a bad indicator is a typed 422 with its pointer', async () => {
    const { key } = await server.account('enterprise');
    const client = new Bellwether({ baseUrl, apiKey: key as string });
    const catalog = await client.analytics.catalog();
    expect(catalog.count).toBeGreaterThan(100);
    const error = (await client.analytics
      .technical({ ticker: 'AAPL', indicators: 'rsi(1)' })
      .catch((e: unknown) => e)) as BellwetherProblem;
    expect([error.status, error.code]).toEqual([422, 'validation_failed']);
    expect(error.errors.map((e) => e.pointer)).toContain('/query/indicators/0/period');
  });

  it('feed.stream yields every version after since in seq order, the same as feed.pages, across chunks', async () => {
    const N = 12_000;
    await server.platform.storage.cards.publishSession(
      {
        session: '2026-11-20',
        published_at: '2026-11-20T13:30:00Z',
        data_as_of: '2026-11-19T21:00:00Z',
        cards: 0,
        late: false,
        note: null,
      },
      [],
      Array.from({ length: N }, (_, i) => ({
        dataset: 'signals' as const,
        record_key: `2026-11-20:T${i}`,
        session: '2026-11-20',
        ticker: `T${i}`,
        payload: { i, note: i % 1000 === 0 ? 'line\nbreak, "quoted"' : null },
      })),
    );
    const { key } = await server.account('enterprise', { burst: 1000 });
    const client = new Bellwether({ baseUrl, apiKey: key as string });
    const streamed = [];
    for await (const v of client.feed.stream({ dataset: 'signals' })) streamed.push(v);
    expect(streamed).toHaveLength(N);
    expect(streamed.map((v) => (v.record as { i: number }).i)).toEqual(
      Array.from({ length: N }, (_, i) => i),
    );
    const paged = [];
    for await (const page of client.feed.pages({ dataset: 'signals', limit: 5000 })) paged.push(...page.data);
    expect(paged).toEqual(streamed);
    const last = streamed.at(-1)?.seq as number;
    const after = [];
    for await (const v of client.feed.stream({ dataset: 'signals', since: last })) after.push(v);
    expect(after).toEqual([]);
    const stop = new AbortController();
    let taken = 0;
    await expect(
      (async () => {
        for await (const _ of client.feed.stream({ dataset: 'signals' }, stop.signal))
          if (++taken === 10) stop.abort();
      })(),
    ).rejects.toThrow();
    expect(taken).toBe(10);
  });
});
