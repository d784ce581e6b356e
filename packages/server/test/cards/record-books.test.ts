/**
 * `/cards/performance` carries the published record's reference books (#48): the record's filled cards
 * as a book beside equal weight and 12-1 momentum of the publication universe, from the record's first
 * session, at the cards' costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const ON_TIME = ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-11-02'];

interface BookBody {
  annual_return: number | null;
  total_return: number | null;
  average_exposure: number;
  equity: number[];
}

describe('/cards/performance reference books (embedded)', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW);
    const pub = publicationDeps(server.platform);
    const deps = { ...pub, cards: { ...pub.cards, marketFilter: false } };
    for (const s of ON_TIME)
      expect(await publishOnTime(deps, s)).toMatchObject({ ok: true, published: true });
    expect((await trackOutcomes(deps)).recorded).toBeGreaterThan(0);
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('sets the record as a book beside equal weight and momentum from the first session on time', async () => {
    const to = '2026-11-20';
    const res = await server.get(
      `/api/v1/cards/performance?from=2026-10-01&to=${to}&risk_per_card=0.02`,
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      record_starts: string;
      books: {
        settings: { cost_bps_per_side: number; risk_per_card: number; momentum: { top: number } };
        dates: string[];
        cards: BookBody & { trades: number; no_room: number };
        equal_weight: BookBody;
        momentum: BookBody;
      };
    };
    expect(body.record_starts).toBe('2026-10-26');
    const books = body.books;
    expect(books.dates[0]).toBe('2026-10-26');
    expect(books.dates.at(-1)).toBe(to);
    expect(books.settings).toMatchObject({
      cost_bps_per_side: 5,
      risk_per_card: 0.02,
      momentum: { top: 10 },
    });

    // Every filled card of the record whose fill lies in the window is traded, or counted as having found
    // no room under the gross exposure cap (1: no leverage).
    const outcomes = await server.platform.storage.cards.outcomesInRange('2026-10-01', to);
    const filled = outcomes.filter(
      (o) => o.t1_before_stop !== null && o.fill_session !== null && o.fill_session <= to,
    );
    expect(filled.length).toBeGreaterThan(0);
    expect(books.cards.trades).toBeGreaterThan(0);
    expect(books.cards.trades + books.cards.no_room).toBe(filled.length);
    expect(books.cards.average_exposure).toBeGreaterThan(0);
    expect(books.cards.average_exposure).toBeLessThanOrEqual(1);
    expect(books.cards.equity).toHaveLength(books.dates.length);

    // Equal weight of the publication universe (every active non-index instrument of the demo), bought at
    // the first session's close and held, from the stored series: mean growth less 5 bp on the purchase.
    const market = server.platform.market;
    const tickers = (await market.listInstruments())
      .filter((i) => i.active && i.asset_class !== 'index')
      .map((i) => i.ticker);
    const growth: number[] = [];
    for (const t of tickers) {
      const s = await market.getDailySeries(t, { asOf: NOW, adjustment: 'split_div' });
      if (s === undefined) continue;
      const a = s.dates.indexOf('2026-10-26');
      const b = s.dates.indexOf(to);
      if (a === -1 || b === -1) continue;
      growth.push((s.close[b] as number) / (s.close[a] as number));
    }
    expect(growth.length).toBe(tickers.length);
    const expected = growth.reduce((x, y) => x + y, 0) / growth.length / 1.0005;
    expect(books.equal_weight.equity.at(-1)).toBeCloseTo(expected, 5);
  });
});
