/**
 * A demo with a past (issue #49): a fresh demo answered past sessions with nothing and its track record with
 * nulls. `backfillHistory` publishes the sessions before the current one as backfills — late, kept out of the
 * track record — and `/cards/performance?record=backfilled` shows them apart, always labelled simulated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillHistory } from '../../src/cards/backfill-history.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const SESSIONS = 15;

describe('the demo history', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('stops between sessions when aborted', async () => {
    const stop = new AbortController();
    stop.abort();
    expect(await backfillHistory(publicationDeps(server.platform), SESSIONS, stop.signal)).toEqual({
      sessions: 0,
      cards: 0,
      outcomes: 0,
    });
  });

  it('publishes the sessions before the current one as late, with outcomes, and a second run adds nothing', async () => {
    const deps = publicationDeps(server.platform);
    const first = await backfillHistory(deps, SESSIONS);
    expect(first.sessions).toBe(SESSIONS);
    expect(first.cards).toBeGreaterThan(0);
    expect(first.outcomes).toBeGreaterThan(0);
    // The session before the current one (2026-11-24) is the newest; none is the current session.
    expect((await server.platform.storage.cards.getPublication('2026-11-24'))?.late).toBe(true);
    expect(await server.platform.storage.cards.getPublication('2026-11-25')).toBeUndefined();
    expect(await backfillHistory(deps, SESSIONS)).toMatchObject({ sessions: 0, cards: 0 });
  });

  it('keeps the simulated record apart from the track record, and says what it is', async () => {
    const published = await server.get('/api/v1/cards/performance', key);
    expect(published.statusCode, published.body).toBe(200);
    const p = published.json();
    expect(p.record).toBe('published');
    expect(p.overall.cards).toBe(0);
    expect(p.late_cards_excluded).toBeGreaterThan(0);

    const backfilled = await server.get('/api/v1/cards/performance?record=backfilled', key);
    expect(backfilled.statusCode, backfilled.body).toBe(200);
    const b = backfilled.json();
    expect(b.record).toBe('backfilled');
    expect(b.overall.cards).toBe(p.late_cards_excluded);
    expect(b.overall.resolved).toBeGreaterThan(0);
    expect(b.note).toMatch(/^Simulated: .*not a track record/);
    // Each record's reference books trade its own cards only: none on time yet, so the track record has none.
    expect(p.books).toBeNull();
    expect(b.books.cards.trades).toBeGreaterThan(0);
    expect(b.books.dates[0] >= b.from).toBe(true);

    const bad = await server.get('/api/v1/cards/performance?record=simulated', key);
    expect(bad.statusCode).toBe(422);
  });
});
