/**
 * The cards page's sessions (issue #49), both modes: GET /dashboard/api/cards?session= answers a past
 * session's cards with each resolved card's outcome — the one GET /api/v1/cards/{card_id} gives — and the
 * sessions before and after it to browse to; a date that is no session, or one after the current
 * session, is a 422 problem, not a 5xx.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { publishSession } from '../../src/cards/publish-session.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const PASSWORD = 'a long enough password';

describe.each(MODES)('dashboard cards of a session (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let get: (url: string) => Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    body: string;
    json(): unknown;
  }>;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 12, years: 2 });
    const deps = publicationDeps(server.platform);
    for (const s of ['2026-11-05', '2026-11-06'])
      expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
    await trackOutcomes(deps);
    expect(await publishSession(deps)).toMatchObject({ ok: true });
    const email = `sc-${randomBytes(4).toString('hex')}@example.test`;
    const made = await server.account('enterprise', { burst: 1_000, email, password: PASSWORD });
    key = made.key as string;
    const res = await server.app.inject({
      method: 'POST',
      url: '/dashboard/api/session',
      remoteAddress: '10.9.1.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0] as string;
    get = (url) => server.app.inject({ url: `/dashboard/api${url}`, headers: { cookie } });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('answers the current session by default, with nothing after it', async () => {
    const res = await get('/cards');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      session: '2026-11-25',
      current: '2026-11-25',
      previous: '2026-11-24',
      next: null,
    });
  });

  it('answers a past session’s cards with the outcomes the API gives, and its neighbours', async () => {
    const res = await get('/cards?session=2026-11-06');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      session: string;
      previous: string;
      next: string;
      cards: { id: string }[];
      outcomes: Record<string, unknown>;
    };
    expect(body).toMatchObject({ session: '2026-11-06', previous: '2026-11-05', next: '2026-11-09' });
    const stored = await server.platform.storage.cards.listBySession('2026-11-06');
    expect(body.cards.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());
    expect(body.cards.length).toBeGreaterThan(0);
    for (const c of body.cards) {
      const api = await server.get(`/api/v1/cards/${c.id}`, key);
      expect(api.statusCode, api.body).toBe(200);
      expect(body.outcomes[c.id] ?? null, c.id).toEqual((api.json() as { outcome: unknown }).outcome);
    }
    expect(Object.keys(body.outcomes).length).toBeGreaterThan(0);
  });

  it('refuses a day without a session, one after the current, and what is no date with a 422', async () => {
    for (const q of [
      'session=2026-11-07',
      'session=2026-11-27',
      'session=2026-13-01',
      'session=yesterday',
      'session=2026-11-06&session=2026-11-05',
    ]) {
      const body = expectProblem(await get(`/cards?${q}`), 422, 'validation_failed');
      expect(body.errors, q).toEqual([expect.objectContaining({ pointer: '/query/session' })]);
    }
  });
});
