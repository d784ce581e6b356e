import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/http/build-app.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

describe.each(MODES)('HTTP protocol behaviour (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    // Pinned clock: Wednesday 2026-11-25 12:00 New York (17:00Z), the day before Thanksgiving.
    deployment = await Deployment.create(mode, { asOf: new Date('2026-11-25T17:00:00Z') });
    server = await deployment.start();
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  });
  afterAll(async () => {
    await server.close();
    await deployment.destroy();
  });

  it('405 with Allow for a known path and an unsupported method', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${key}` },
    });
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, HEAD');
    // OPTIONS too (the API serves no CORS preflight): the path exists, so not a 404.
    const options = await server.app.inject({ method: 'OPTIONS', url: '/api/v1/cards' });
    expectProblem(options, 405, 'method_not_allowed');
    expect(options.headers.allow).toBe('GET, HEAD');
  });

  it('404 problem for an unknown path', async () => {
    expectProblem(await server.get('/api/v1/nope', key), 404, 'not_found');
  });

  it('406 when the client accepts neither JSON nor problem+json', async () => {
    expectProblem(await server.get('/api/v1/session', key, { accept: 'text/html' }), 406, 'not_acceptable');
    // q=0 means "not acceptable" (RFC 9110), whatever the range.
    for (const accept of ['application/json;q=0, */*;q=0', 'application/*; q=0', 'text/html, */*;q=0.000'])
      expectProblem(await server.get('/api/v1/session', key, { accept }), 406, 'not_acceptable');
    for (const accept of [
      'text/html, application/json;q=0.1',
      'APPLICATION/JSON',
      'application/*;q=0.5',
      '*/*',
    ])
      expect((await server.get('/api/v1/session', key, { accept })).statusCode, accept).toBe(200);
    expect(
      (await server.get('/api/v1/session', key, { accept: 'application/json;q=0.9, */*;q=0.1' })).statusCode,
    ).toBe(200);
  });

  it('413 for a body over the limit and 415 for a non-JSON body, before any work', async () => {
    const big = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ticker: 'A'.repeat(BODY_LIMIT_BYTES) }),
    });
    expectProblem(big, 413, 'payload_too_large');
    const text = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      payload: 'ticker=AAPL',
    });
    expectProblem(text, 415, 'unsupported_media_type');
    const broken = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"ticker":',
    });
    expectProblem(broken, 400, 'malformed_request');
  });

  it('echoes a well-formed inbound X-Request-Id and generates one otherwise', async () => {
    const mine = await server.get('/api/v1/session', key, { 'x-request-id': 'client-req-12345' });
    expect(mine.headers['x-request-id']).toBe('client-req-12345');
    const bad = await server.get('/api/v1/nope', key, { 'x-request-id': 'no spaces allowed!' });
    expect(String(bad.headers['x-request-id'])).toMatch(/^req_[0-9a-f]{32}$/);
    expect(bad.json().request_id).toBe(bad.headers['x-request-id']);
  });

  it('private responses are no-store; /cards is private, max-age ≤ 1800 with an ETag and 304 revalidation', async () => {
    expect((await server.get('/api/v1/account', key)).headers['cache-control']).toBe('no-store');
    const cards = await server.get('/api/v1/cards', key);
    expect(cards.statusCode).toBe(200);
    // 17:00Z: the session's cards were due at 13:30Z and none is published yet, so the empty answer
    // is cached for a minute only, not for the half hour a published one is.
    expect(cards.headers['cache-control']).toBe('private, max-age=60');
    expect(cards.json()).toEqual({
      session: '2026-11-25',
      published_at: null,
      published_late: false,
      note: 'The cards of 2026-11-25 are not published yet: they are published once per session, before its open (GET /api/v1/session gives the time).',
      count: 0,
      cards: [],
    });
    // An empty answer always says why (#49): a past session before this server published anything.
    expect((await server.get('/api/v1/cards?session=2026-11-20', key)).json().note).toBe(
      "No cards were published for 2026-11-20: this server's record has no session yet.",
    );
    const empty = (await server.get('/api/v1/cards/performance', key)).json();
    expect(empty.overall.t1_hit_rate).toBeNull();
    expect(empty.note).toMatch(/^No session has been published on time yet, so the track record is empty/);
    const etag = String(cards.headers.etag);
    const again = await server.get('/api/v1/cards', key, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await server.get('/api/v1/cards', key, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('/cards serves the stored cards of the current session', async () => {
    const card = { id: 'crd_test1', session: '2026-11-25', asset: { ticker: 'AAPL' }, direction: 'long' };
    await server.platform.storage.cards.publishSession(
      {
        session: '2026-11-25',
        published_at: '2026-11-25T13:30:00Z',
        data_as_of: '2026-11-24T21:00:00Z',
        cards: 1,
        late: false,
        note: null,
      },
      [{ id: 'crd_test1', payload: card, published_at: '2026-11-25T13:30:00.000Z' }],
    );
    await new Promise((r) => setTimeout(r, 1100)); // the pre-serialised body is re-checked every second
    const res = await server.get('/api/v1/cards', key);
    expect(res.json()).toMatchObject({ session: '2026-11-25', count: 1, cards: [card] });
    expect(String(res.headers['cache-control'])).toBe('private, max-age=1800');
    // Filters that hide every card, and a session before the record's first, say so (#49).
    expect((await server.get('/api/v1/cards?ticker=MSFT', key)).json()).toMatchObject({
      count: 0,
      note: '1 card was published for 2026-11-25; none matches these filters.',
    });
    expect((await server.get('/api/v1/cards?session=2026-11-20', key)).json().note).toBe(
      "No cards were published for 2026-11-20: this server's record starts with 2026-11-25.",
    );
  });

  it('/session follows the pinned clock and the XNYS calendar, and says how fresh the data are', async () => {
    const bar = (date: string) => ({ date, open: 10, high: 11, low: 9, close: 10, volume: 100 });
    const equity = (ticker: string) => ({
      ticker,
      name: ticker,
      exchange: 'XNYS',
      asset_class: 'equity',
      currency: 'USD',
      sector: null,
      calendar: 'XNYS',
      active: true,
      source: 'test',
    });
    await server.platform.market.write({
      source: 'test',
      ensureInstruments: ['FRESH', 'LATE', 'NONE'].map(equity),
      bars: [
        { ticker: 'FRESH', bars: ['2026-11-21', '2026-11-24', '2026-11-25'].map(bar) },
        { ticker: 'LATE', bars: ['2026-11-21'].map(bar) },
      ],
    });
    const s = (await server.get('/api/v1/session', key)).json();
    // 17:00Z on the 25th: the last closed session is the 24th; FRESH's bar of the 25th is not known yet.
    expect(s.data).toEqual({
      known_through: '2026-11-24',
      tickers: 3,
      fresh: 1,
      stale: 2,
      never_synced: 1,
      stale_tickers: ['LATE', 'NONE'],
      stale_reasons: [
        { ticker: 'LATE', reason: 'behind', last_bar: '2026-11-21' },
        { ticker: 'NONE', reason: 'never_synced', last_bar: null },
      ],
    });
    expect(s).toMatchObject({
      id: '2026-11-25',
      calendar: 'XNYS',
      state: 'open',
      opens_at: '2026-11-25T14:30:00Z',
      closes_at: '2026-11-25T21:00:00Z',
      as_of: expect.stringMatching(/^2026-11-25T17:00:\d\dZ$/),
      // Cards were published by the test above; the next publication is an hour before the next open.
      cards_published_at: '2026-11-25T13:30:00Z',
      cards_pending: false,
      next_publication_at: '2026-11-27T13:30:00Z',
      previous: { id: '2026-11-24' },
      // Thanksgiving is closed; the Friday after closes early at 13:00 New York.
      next: { id: '2026-11-27', closes_at: '2026-11-27T18:00:00Z', early_close: true },
    });
  });

  it('/dashboard serves the app (or says how to build it), and its API wants a signed-in session', async () => {
    for (const url of ['/dashboard', '/dashboard/api-keys']) {
      const res = await server.app.inject({ url });
      if (res.statusCode === 503) expect(res.json().detail).toMatch(/npm run build/);
      else {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
      }
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expectProblem(await server.app.inject({ url: '/dashboard/api/me' }), 401, 'sign_in_required');
  });

  it('/ says where things are: a browser goes to the dashboard, other clients get an index', async () => {
    const browser = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/dashboard');
    const client = await server.app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } });
    expect(client.statusCode).toBe(200);
    expect(client.json()).toMatchObject({
      name: 'Bellwether',
      links: { dashboard: '/dashboard', docs: '/docs', openapi: '/api/v1/openapi.json' },
    });
    for (const path of Object.values(client.json().links as Record<string, string>).filter(
      (p) => p !== '/api/v1/session',
    )) {
      const res = await server.app.inject({ method: 'GET', url: path });
      // Every link leads somewhere (the dashboard answers 503 with how to build it when it is not built).
      expect(res.statusCode, `${path} answered ${res.statusCode}`).not.toBe(404);
    }
  });

  it('/healthz, /readyz and /metrics answer', async () => {
    expect((await server.app.inject({ url: '/healthz' })).json()).toMatchObject({ status: 'ok', mode });
    const ready = (await server.app.inject({ url: '/readyz' })).json();
    expect(ready.status).toBe('ready');
    expect(Object.keys(ready.checks).sort()).toEqual(
      mode === 'distributed' ? ['redis', 'secret', 'storage'] : ['secret', 'storage'],
    );
    const metrics = await server.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(
      /bellwether_http_requests_total\{method="GET",route="\/api\/v1\/session",status="200"\} \d+/,
    );
    // The queues an operator watches (issue #45).
    for (const gauge of [
      'bellwether_analysis_queue_depth',
      'bellwether_analysis_queue_oldest_age_seconds',
      'bellwether_webhook_backlog',
      'bellwether_webhook_backlog_oldest_age_seconds',
    ])
      expect(metrics.body).toMatch(new RegExp(`\\n${gauge} \\d+\\n`));
  });
});

describe.each(MODES)('/session before any publication (%s)', (mode) => {
  it('next_publication_at is the next slot still ahead, never one already past without cards', async () => {
    // 2026-11-24 16:00Z: Tuesday's session is open, its 13:30Z publication slot passed, nothing published.
    const deployment = await Deployment.create(mode, { asOf: new Date('2026-11-24T16:00:00Z') });
    const server = await deployment.start();
    try {
      const key = (await server.account('enterprise')).key as string;
      const s = (await server.get('/api/v1/session', key)).json();
      expect(s).toMatchObject({
        id: '2026-11-24',
        state: 'open',
        cards_published_at: null,
        // Today's cards are owed: the slot is past and nothing is published yet.
        cards_pending: true,
        next_publication_at: '2026-11-25T13:30:00Z',
      });
    } finally {
      await server.close();
      await deployment.destroy();
    }
  });
});
