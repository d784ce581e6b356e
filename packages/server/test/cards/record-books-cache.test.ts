/**
 * `/cards/performance` computes the reference books once per window and settings and what they read
 * (#48, ADR 0095), both modes: counted, not timed — a second request reads no bars; a new published
 * session (new cards and outcomes) or new bars compute them again, and the answer is the one a fresh
 * computation gives.
 */
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { trackOutcomes } from '../../src/cards/track-outcomes.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { publishOnTime } from '../support/publish-on-time.js';

const NOW = new Date('2026-11-25T17:00:00Z');
/** The demo's bars end at the session before NOW's last closed one, so a bar can still land. */
const SEEDED_AT = new Date('2026-11-24T17:00:00Z');
const ON_TIME = ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30'];
const URL = '/api/v1/cards/performance?from=2026-10-01&to=2026-11-24';

describe.each(MODES)('/cards/performance books computed once per what they read (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let one: MockInstance;
  let many: MockInstance;

  const deps = () => {
    const pub = publicationDeps(server.platform);
    return { ...pub, cards: { ...pub.cards, marketFilter: false } };
  };
  /** The answer, and the series reads (single and batched) serving it took. */
  const performance = async (url = URL) => {
    one.mockClear();
    many.mockClear();
    const res = await server.get(url, key);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { books: { dates: string[] }; universe: unknown };
    return { body, reads: one.mock.calls.length + many.mock.calls.length };
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, SEEDED_AT, { tickers: 8, years: 3 });
    for (const s of ON_TIME)
      expect(await publishOnTime(deps(), s)).toMatchObject({ ok: true, published: true });
    await trackOutcomes(deps());
    key = (await server.account('enterprise', { burst: 10_000 })).key as string;
    one = vi.spyOn(server.platform.market, 'getDailySeries');
    many = vi.spyOn(server.platform.market, 'getDailySeriesMany');
  }, 240_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
    await deployment?.destroy();
  });

  it('a second request reads no bars and answers the same books', async () => {
    const first = await performance();
    expect(first.reads).toBeGreaterThan(0);
    expect(first.body.books.dates[0]).toBe('2026-10-26');
    const second = await performance();
    expect(second.reads).toBe(0);
    // The same books and universe (as_of moves with the clock).
    expect([second.body.books, second.body.universe]).toEqual([first.body.books, first.body.universe]);
    // Other settings are other books.
    expect((await performance(`${URL}&risk_per_card=0.02`)).reads).toBeGreaterThan(0);
    expect((await performance(`${URL}&risk_per_card=0.02`)).reads).toBe(0);
  });

  it('a new published session computes them again', async () => {
    await performance();
    expect(await publishOnTime(deps(), '2026-11-02')).toMatchObject({ ok: true, published: true });
    await trackOutcomes(deps());
    const after = await performance();
    expect(after.reads).toBeGreaterThan(0);
    expect((await performance()).reads).toBe(0);
  });

  it('new bars compute them again, and the answer includes them', async () => {
    const before = await performance();
    // The demo's last bars: 2026-11-21 (XNYS) and 2026-11-23 (its 24x7 instruments).
    expect(before.body.books.dates.at(-1)! < '2026-11-24').toBe(true);
    const instruments = (await server.platform.market.listInstruments()).filter(
      (i) => i.active && i.asset_class !== 'index',
    );
    // Every ticker's bar of 2026-11-24 (the session closed at NOW) lands.
    const bars = [];
    for (const i of instruments) {
      const s = await server.platform.market.getDailySeries(i.ticker, { asOf: NOW, adjustment: 'raw' });
      const close = s?.close.at(-1) as number;
      bars.push({
        ticker: i.ticker,
        bars: [
          { date: '2026-11-24', open: close, high: close * 1.01, low: close * 0.99, close, volume: 1e6 },
        ],
      });
    }
    await server.platform.market.write({ source: 'test', bars });
    const after = await performance();
    expect(after.reads).toBeGreaterThan(0);
    expect(after.body.books.dates.at(-1)).toBe('2026-11-24');
    expect((await performance()).reads).toBe(0);
  });
});
