/**
 * Freshness counts every ticker the sync follows (issue #41): with 39 of 70 universe tickers never synced,
 * /session said "31 tickers, 31 fresh, 0 stale" and publication scanned the 31 without a note. A ticker
 * of the universe no sync has brought (no instrument row yet), or an instrument without a bar, is stale
 * for the reason `never_synced` in /session, /metrics and the publication's result and note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { bareInstrument } from '../../src/market/store/bare-instrument.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';
import { sessionDates } from './sync/fake-tiingo.js';

// Wednesday 2026-11-25 before the open: the last closed session is 2026-11-24.
const NOW = new Date('2026-11-25T13:00:00Z');

function bars(dates: readonly string[], seed: number) {
  let c = 50 + seed;
  return dates.map((date, i) => {
    c *= 1 + 0.01 * Math.sin(i * 0.5 + seed);
    return { date, open: c, high: c * 1.01, low: c * 0.99, close: c, volume: 500_000 };
  });
}

describe.each(MODES)('freshness of the followed tickers (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    const dates = sessionDates('2025-06-02', '2026-11-24');
    await server.platform.market.write({
      source: 'test',
      instruments: ['AAA', 'BBB', 'CCC', 'DDD'].map((t) => bareInstrument(t, 'test')),
      bars: [
        { ticker: 'AAA', bars: bars(dates, 1) },
        { ticker: 'BBB', bars: bars(dates, 2) },
        // Behind: the provider stopped four sessions ago.
        { ticker: 'CCC', bars: bars(dates.slice(0, -2), 3) },
      ],
    });
    // The operator's universe names two tickers no sync has brought yet (and DDD, which has no bar).
    await server.platform.syncState.addToUniverse(['AAA', 'BBB', 'CCC', 'DDD', 'NEW1', 'NEW2']);
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('/session counts the never-synced tickers as stale, with the reason', async () => {
    const res = await server.get('/api/v1/session', key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      known_through: '2026-11-24',
      tickers: 6,
      fresh: 2,
      stale: 4,
      never_synced: 3,
      stale_tickers: ['CCC', 'DDD', 'NEW1', 'NEW2'],
      stale_reasons: [
        { ticker: 'CCC', reason: 'behind', last_bar: '2026-11-20' },
        { ticker: 'DDD', reason: 'never_synced', last_bar: null },
        { ticker: 'NEW1', reason: 'never_synced', last_bar: null },
        { ticker: 'NEW2', reason: 'never_synced', last_bar: null },
      ],
    });
  });

  it('/metrics counts them too, by reason', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('bellwether_market_followed_tickers 6\n');
    expect(res.body).toContain('bellwether_market_stale_tickers 4\n');
    expect(res.body).toContain('bellwether_market_stale_tickers_by_reason{reason="never_synced"} 3\n');
    expect(res.body).toContain('bellwether_market_stale_tickers_by_reason{reason="behind"} 1\n');
  });

  it('publication leaves them out by name and says so in its note', async () => {
    const r = await publishOnTime(publicationDeps(server.platform), '2026-11-25');
    if (!r.ok) throw new Error(r.message);
    expect(r.stale).toEqual(['CCC', 'DDD', 'NEW1', 'NEW2']);
    expect(r.never_synced).toEqual(['DDD', 'NEW1', 'NEW2']);
    expect(r.tickers_scanned).toBe(2);
    expect(r.note).toContain(
      'Left out 4 stale tickers: 3 never synced (DDD, NEW1, NEW2); 1 whose data do not reach 2026-11-24 (CCC).',
    );
    // The note is the publication's, served with its cards.
    const cards = (await server.get('/api/v1/cards', key)).json();
    expect(cards.note).toContain('3 never synced (DDD, NEW1, NEW2)');
  });
});
