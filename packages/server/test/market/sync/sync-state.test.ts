import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import type { Storage } from '../../../src/db/repositories.js';
import { bareInstrument } from '../../../src/market/store/bare-instrument.js';
import { createMarketDataRepo, type KyselyMarketDataRepo } from '../../../src/market/store/index.js';
import { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { keyHash } from '../../../src/market/sync/bar-sources.js';
import { runMarketSync } from '../../../src/market/sync/run-market-sync.js';
import { storageModes } from '../../support/storage-modes.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer, tiingoTicker } from './fake-tiingo.js';

const NOW = new Date('2024-01-10T23:00:00Z');

const stores = await storageModes();

const tiingoConfig = (baseUrl: string, extra: Record<string, string> = {}): MarketSyncConfig => {
  const errors: string[] = [];
  const env: Record<string, string> = {
    BELLWETHER_TIINGO_TOKEN: 'tk',
    BELLWETHER_TIINGO_BASE_URL: baseUrl,
    BELLWETHER_BACKFILL_YEARS: '1',
    ...extra,
  };
  const config = parseMarketSyncConfig(errors, (n) => env[n]);
  if (errors.length > 0) throw new Error(errors.join('; '));
  return config;
};

describe.each(stores)('sync state on %s', (_name, open, skip) => {
  let storage: Storage;
  let drop: () => Promise<void>;
  let state: SyncStateRepo;
  let market: KyselyMarketDataRepo;
  let fake: FakeProviderServer;
  beforeAll(async () => {
    if (skip) return;
    ({ storage, drop } = await open());
    await migrateToLatest(storage);
    state = new SyncStateRepo(storage, () => NOW);
    market = createMarketDataRepo(storage, { now: () => NOW });
    fake = await FakeProviderServer.start();
  });
  afterAll(async () => {
    if (skip) return;
    await fake.close();
    await storage.close();
    await drop();
  });

  it.skipIf(skip)(
    'a lease is held by one holder at a time, renewed by it, free once released or expired',
    async () => {
      expect(await state.acquireLease('l', 'a', 60_000)).toBe(true);
      expect(await state.acquireLease('l', 'b', 60_000)).toBe(false);
      expect(await state.acquireLease('l', 'a', 60_000)).toBe(true);
      expect((await state.leaseHolder('l'))?.holder).toBe('a');
      // Two racing for a free lease: exactly one wins.
      const race = await Promise.all([
        state.acquireLease('m', 'x', 60_000),
        state.acquireLease('m', 'y', 60_000),
      ]);
      expect(race.filter(Boolean)).toHaveLength(1);
      await state.releaseLease('l', 'b');
      expect((await state.leaseHolder('l'))?.holder).toBe('a');
      await state.releaseLease('l', 'a');
      expect(await state.acquireLease('l', 'b', 1)).toBe(true);
      await new Promise((r) => setTimeout(r, 5));
      expect(await state.leaseHolder('l')).toBeUndefined();
      expect(await state.acquireLease('l', 'c', 60_000)).toBe(true);
      expect(await state.acquireLease('l', 'd', 60_000, 'someone else')).toBe(false);
      expect(await state.acquireLease('l', 'd', 60_000, 'c')).toBe(true);
    },
  );

  it.skipIf(skip)(
    'a checkpoint lands in the same transaction as its data: a failed write leaves neither',
    async () => {
      const bar = { date: '2024-01-02', open: 1, high: 1, low: 1, close: 1, volume: 1 };
      await expect(
        market.write({
          source: 'tiingo',
          bars: [{ ticker: 'FAIL', bars: [bar, { ...bar, date: '2024-01-03', close: Number.NaN }] }],
          checkpoint: { provider: 'tiingo', ticker: 'FAIL', kind: 'bars', through: '2024-01-03' },
        }),
      ).rejects.toThrow(/non-finite/);
      expect((await state.checkpoints('bars')).find((c) => c.ticker === 'FAIL')).toBeUndefined();
      expect(await market.getDailySeries('FAIL', { asOf: NOW, adjustment: 'raw' })).toBeUndefined();
    },
  );

  it.skipIf(skip)(
    'keeps a day budget across runs: a second run cannot spend what the first spent',
    async () => {
      fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
      const config = tiingoConfig(fake.baseUrl, { BELLWETHER_TIINGO_PER_DAY: '2' });
      await state.addToUniverse(['AA', 'BB', 'CC']);
      const deps = { config, market, state, now: () => NOW, events: storage.events };
      const head = await storage.events.head();
      const first = await runMarketSync(deps);
      if (!first.ok) throw new Error(first.message);
      expect(first.counts).toMatchObject({ synced: 2, not_reached: 1 });
      expect(first.estimate).toEqual({ requests: 3, per_day: 2, days: 2 });
      expect(first.results.at(-1)).toMatchObject({
        ticker: 'CC',
        reason: expect.stringContaining('budget spent (day)'),
      });
      const calls = fake.seen.length;
      const second = await runMarketSync(deps);
      if (!second.ok) throw new Error(second.message);
      expect(second.counts).toMatchObject({ synced: 0, up_to_date: 2, not_reached: 1 });
      expect(fake.seen.length).toBe(calls);
      // The ticker left behind is a data.stale event for its session, once however often it is noticed.
      const stale = (await storage.events.page(head, 100)).filter((e) => e.type === 'data.stale');
      expect(stale.map((e) => e.data)).toEqual([
        expect.objectContaining({ ticker: 'CC', expected_session: first.target, known_through: null }),
      ]);
      expect(stale[0]?.account_id).toBeNull();
      await state.removeFromUniverse(['AA', 'BB', 'CC']);
    },
  );

  it.skipIf(skip)(
    'one sync at a time: a live holder makes the next wait; a dead holder on this machine does not',
    async () => {
      fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
      const deps = { config: tiingoConfig(fake.baseUrl), market, state, now: () => NOW };
      // This process is alive: its lease stands.
      expect(await state.acquireLease('market-sync', `${hostname()}|${process.pid}|other`, 60_000)).toBe(
        true,
      );
      const busy = await runMarketSync(deps, { tickers: ['DD'] });
      expect(busy).toMatchObject({ ok: false, reason: 'busy' });
      await state.releaseLease('market-sync', `${hostname()}|${process.pid}|other`);
      // A pid that cannot exist: a sync killed mid-run; its lease is taken over at once.
      expect(await state.acquireLease('market-sync', `${hostname()}|2147483646|gone`, 60_000)).toBe(true);
      const after = await runMarketSync(deps, { tickers: ['DD'] });
      expect(after).toMatchObject({ ok: true, counts: { synced: 1 } });
      expect(fake.seen.at(-1) && tiingoTicker(fake.seen.at(-1) as (typeof fake.seen)[number])).toBe('DD');
      expect(await state.leaseHolder('market-sync')).toBeUndefined();
    },
  );

  it.skipIf(skip)(
    'brings SEC filings and Finnhub articles as news beside the bars, incrementally from each provider’s checkpoint',
    async () => {
      fake.handler = (req) => {
        const path = req.url.pathname;
        if (path === '/files/company_tickers.json')
          return { body: JSON.stringify({ '0': { cik_str: 42, ticker: 'NWS', title: 'News Corp' } }) };
        if (path === '/submissions/CIK0000000042.json')
          return {
            body: JSON.stringify({
              name: 'NEWS CORP /DE/',
              sic: '2711',
              sicDescription: 'Newspapers: Publishing or Publishing and Printing',
              exchanges: ['Nasdaq'],
              filings: {
                recent: {
                  accessionNumber: ['0000000042-24-000002', '0000000042-23-000001'],
                  filingDate: ['2024-01-09', '2023-11-01'],
                  acceptanceDateTime: ['2024-01-09T21:30:00.000Z', '2023-11-01T12:00:00.000Z'],
                  form: ['8-K', '10-Q'],
                  primaryDocument: ['a.htm', 'q.htm'],
                  primaryDocDescription: ['Results of Operations', 'Quarterly report'],
                },
              },
            }),
          };
        if (path === '/api/v1/company-news')
          return {
            body: JSON.stringify(
              req.url.searchParams.get('symbol') === 'NWS'
                ? [
                    {
                      id: 7,
                      datetime: Date.parse('2024-01-08T15:00:00Z') / 1000,
                      headline: 'News Corp beats',
                      source: 'Wire',
                    },
                  ]
                : [],
            ),
          };
        return tiingoAnswer(req, '2024-01-10');
      };
      const config = {
        ...tiingoConfig(fake.baseUrl, {
          BELLWETHER_FINNHUB_KEY: 'fh',
          BELLWETHER_FINNHUB_BASE_URL: fake.baseUrl,
          BELLWETHER_SEC_USER_AGENT: 'Bellwether tests ops@example.test',
          BELLWETHER_SEC_BASE_URL: fake.baseUrl,
        }),
      };
      const r = await runMarketSync({ config, market, state, now: () => NOW }, { tickers: ['NWS', 'ETF1'] });
      if (!r.ok) throw new Error(r.message);
      expect(r.news).toEqual([
        { ticker: 'NWS', outcome: 'synced', items: { inserted: 2, updated: 0, unchanged: 0 } },
        { ticker: 'ETF1', outcome: 'unknown_symbol', reason: expect.stringContaining('no CIK for ETF1') },
        { ticker: 'NWS', outcome: 'synced', items: { inserted: 1, updated: 0, unchanged: 0 } },
        { ticker: 'ETF1', outcome: 'synced', items: { inserted: 0, updated: 0, unchanged: 0 } },
      ]);
      const news = await market.getNews('NWS', new Date('2023-01-01T00:00:00Z'), NOW);
      expect(news.map((n) => n.id)).toEqual([
        'sec:0000000042-23-000001',
        'finnhub:7',
        'sec:0000000042-24-000002',
      ]);
      // The bare instruments the sync created are completed: NWS from EDGAR (name, listing, SIC code as a
      // sector); ETF1, which EDGAR does not know, from Tiingo's meta data (name and listing only).
      expect(r.reference_updated).toEqual(['ETF1', 'NWS']);
      const nws = await market.findTicker('NWS');
      expect(nws.ok && [nws.instrument.name, nws.instrument.exchange, nws.instrument.sector]).toEqual([
        'NEWS CORP /DE/',
        'XNAS',
        'Communication Services',
      ]);
      // Finnhub's spending is kept for the next run, under its key's hash (two tickers, one request each).
      expect((await state.loadBudget(`finnhub:${keyHash('fh')}`))?.sent).toHaveLength(2);
      expect((await state.checkpoints('news')).filter((c) => c.ticker === 'NWS')).toEqual([
        { provider: 'finnhub', ticker: 'NWS', kind: 'news', through: '2024-01-10' },
        { provider: 'sec-edgar', ticker: 'NWS', kind: 'news', through: '2024-01-10' },
      ]);
      const again = await runMarketSync({ config, market, state, now: () => NOW }, { tickers: ['NWS'] });
      expect(again.ok && again.news).toEqual([]);
    },
  );

  it.skipIf(skip)(
    'syncs Finnhub’s split-adjusted candles as traded prices, its news spending the same key’s budget',
    async () => {
      // Candles as Finnhub serves them: the session before the 2-for-1 split of 2024-01-09 halved.
      const t = (d: string) => Date.parse(`${d}T00:00:00-05:00`) / 1000;
      fake.handler = (req) => {
        const path = req.url.pathname;
        const json = (x: unknown) => ({ body: JSON.stringify(x) });
        if (path === '/api/v1/stock/candle')
          return json({
            s: 'ok',
            t: [t('2024-01-08'), t('2024-01-09'), t('2024-01-10')],
            o: [99.5, 100.5, 101.5],
            h: [101, 102, 103],
            l: [99, 100, 101],
            c: [100, 101, 102],
            v: [2_000_000, 1_000_000, 1_000_000],
          });
        if (path === '/api/v1/stock/split')
          return json([{ symbol: 'FH1', date: '2024-01-09', fromFactor: 1, toFactor: 2 }]);
        if (path === '/api/v1/stock/dividend' || path === '/api/v1/company-news') return json([]);
        return { status: 404, body: '{"error":"Not found"}' };
      };
      const errors: string[] = [];
      const env: Record<string, string> = {
        BELLWETHER_FINNHUB_KEY: 'fk',
        BELLWETHER_FINNHUB_BASE_URL: fake.baseUrl,
        BELLWETHER_BAR_PROVIDERS: 'finnhub',
        BELLWETHER_BACKFILL_YEARS: '1',
      };
      const config = parseMarketSyncConfig(errors, (n) => env[n]);
      expect(errors).toEqual([]);
      const r = await runMarketSync({ config, market, state, now: () => NOW }, { tickers: ['FH1'] });
      if (!r.ok) throw new Error(r.message);
      expect(r.results).toMatchObject([
        { ticker: 'FH1', outcome: 'synced', provider: 'finnhub', through: '2024-01-10' },
      ]);
      const raw = await market.getDailySeries('FH1', { asOf: NOW, adjustment: 'raw' });
      expect(raw?.dates).toEqual(['2024-01-08', '2024-01-09', '2024-01-10']);
      expect([...(raw?.close ?? [])]).toEqual([200, 101, 102]);
      expect([...(raw?.volume ?? [])]).toEqual([1_000_000, 1_000_000, 1_000_000]);
      expect(await market.getActions('FH1', NOW)).toEqual([{ date: '2024-01-09', kind: 'split', value: 2 }]);
      // One budget for the key: three requests for the bars, one for the news.
      expect((await state.loadBudget(`finnhub:${keyHash('fk')}`))?.sent).toHaveLength(4);
    },
  );

  it.skipIf(skip)(
    'names a bare instrument from Tiingo’s meta data when EDGAR is not configured, asking only once',
    async () => {
      fake.handler = (req) => {
        const parts = req.url.pathname.split('/');
        if (parts.length === 4 && parts[3] === 'meta1')
          return {
            body: JSON.stringify({
              ticker: 'META1',
              name: 'Meta One Inc',
              exchangeCode: 'NYSE',
              startDate: '2000-01-03',
              endDate: '2024-01-10',
              description: '',
            }),
          };
        if (parts.length === 4) return { status: 404, body: '{"detail":"Not found."}' };
        return tiingoAnswer(req, '2024-01-10');
      };
      const deps = { config: tiingoConfig(fake.baseUrl), market, state, now: () => NOW };
      const r = await runMarketSync(deps, { tickers: ['META1', 'META2'] });
      expect(r).toMatchObject({ ok: true, reference_updated: ['META1'] });
      const m1 = await market.findTicker('META1');
      expect(m1.ok && [m1.instrument.name, m1.instrument.exchange, m1.instrument.sector]).toEqual([
        'Meta One Inc',
        'XNYS',
        null,
      ]);
      // Tiingo knows no sector: the next run does not ask it again for META1 (META2, unknown to it, is asked).
      const before = fake.seen.length;
      await runMarketSync(deps, { tickers: ['META1', 'META2'] });
      expect(fake.seen.slice(before).map((q) => q.url.pathname)).toEqual(['/tiingo/daily/meta2']);
    },
  );

  it.skipIf(skip)(
    'asks Polygon whether a stale ticker still trades, and stops following one it calls delisted',
    async () => {
      const ok = (results: unknown) => ({ body: JSON.stringify({ status: 'OK', request_id: 'r', results }) });
      // GONE's last bar is 2024-01-05; LIVE's 2024-01-10 (the target).
      const last = (t: string) => (t === 'GONE' ? '2024-01-05' : '2024-01-10');
      fake.handler = (req) => {
        const p = req.url.pathname;
        const m = /^\/v2\/aggs\/ticker\/([A-Z]+)\/range\/1\/day\/([\d-]+)\/([\d-]+)$/.exec(p);
        if (m !== null) {
          const [, t, from, to] = m as unknown as [string, string, string, string];
          const end = to < last(t) ? to : last(t);
          const days = ['2024-01-04', '2024-01-05', '2024-01-08', '2024-01-09', '2024-01-10'].filter(
            (d) => d >= from && d <= end,
          );
          return ok(
            days.map((d) => ({ o: 10, h: 11, l: 9, c: 10, v: 100, t: Date.parse(`${d}T05:00:00Z`) })),
          );
        }
        if (p === '/v3/reference/splits' || p === '/v3/reference/dividends') return ok([]);
        if (p === '/v2/reference/news')
          return ok(
            req.url.searchParams.get('ticker') === 'LIVE'
              ? [
                  {
                    id: 'n1',
                    publisher: { name: 'Wire' },
                    title: 'Live Inc ships',
                    published_utc: '2024-01-09T14:00:00Z',
                  },
                ]
              : [],
          );
        if (p === '/v3/reference/tickers/GONE')
          return ok({
            ticker: 'GONE',
            name: 'Gone Corp',
            primary_exchange: 'XNYS',
            sic_code: '2834',
            active: false,
            delisted_utc: '2024-01-08T00:00:00Z',
          });
        if (p === '/v3/reference/tickers/LIVE')
          return ok({
            ticker: 'LIVE',
            name: 'Live Inc',
            primary_exchange: 'XNAS',
            sic_code: '7372',
            active: true,
          });
        return { status: 404, body: '{"status":"NOT_FOUND"}' };
      };
      const errors: string[] = [];
      const env: Record<string, string> = {
        BELLWETHER_POLYGON_KEY: 'pk',
        BELLWETHER_POLYGON_BASE_URL: fake.baseUrl,
        BELLWETHER_BACKFILL_YEARS: '1',
        BELLWETHER_NEWS_PROVIDERS: 'polygon',
        // The free tier's 5 a minute would make this test wait: the budget itself is tested elsewhere.
        BELLWETHER_POLYGON_PER_MINUTE: '1000',
      };
      const config = parseMarketSyncConfig(errors, (n) => env[n]);
      await state.addToUniverse(['GONE', 'LIVE']);
      const deps = { config, market, state, now: () => NOW };
      const r = await runMarketSync(deps);
      if (!r.ok) throw new Error(r.message);
      expect(r.results.map((x) => [x.ticker, x.outcome === 'synced' ? x.through : x.outcome])).toEqual([
        ['GONE', '2024-01-05'],
        ['LIVE', '2024-01-10'],
      ]);
      const gone = await market.findTicker('GONE');
      const live = await market.findTicker('LIVE');
      expect(gone.ok && [gone.instrument.name, gone.instrument.sector, gone.instrument.active]).toEqual([
        'Gone Corp',
        'Health Care',
        false,
      ]);
      expect(
        live.ok && [
          live.instrument.name,
          live.instrument.exchange,
          live.instrument.sector,
          live.instrument.active,
        ],
      ).toEqual(['Live Inc', 'XNAS', 'Information Technology', true]);
      // No longer followed, named stale or asked for bars: the next sync asks nothing of GONE.
      expect((await market.freshness(NOW)).map((f) => f.ticker)).not.toContain('GONE');
      const before = fake.seen.length;
      const again = await runMarketSync(deps);
      expect(again.ok && again.tickers).toBe(1);
      expect(fake.seen.slice(before).some((q) => q.url.pathname.includes('GONE'))).toBe(false);
      await state.removeFromUniverse(['GONE', 'LIVE']);
    },
  );

  it.skipIf(skip)(
    'retires a stored synthetic demo market once real data arrive: its tickers no longer show as stale',
    async () => {
      const bar = { date: '2024-01-05', open: 1, high: 1, low: 1, close: 1, volume: 1 };
      await market.write({
        source: 'synthetic',
        ensureInstruments: [{ ...bareInstrument('DEMO1', 'synthetic'), name: 'Demo One' }],
        bars: [{ ticker: 'DEMO1', bars: [bar] }],
      });
      expect((await market.freshness(NOW)).map((f) => f.ticker)).toContain('DEMO1');
      fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
      const r = await runMarketSync(
        { config: tiingoConfig(fake.baseUrl), market, state, now: () => NOW },
        { tickers: ['REAL1'] },
      );
      expect(r).toMatchObject({ ok: true, retired_synthetic: 1 });
      expect((await market.freshness(NOW)).map((f) => f.ticker)).not.toContain('DEMO1');
      // Its bars stay.
      expect((await market.getDailySeries('DEMO1', { asOf: NOW, adjustment: 'raw' }))?.dates).toEqual([
        '2024-01-05',
      ]);
    },
  );

  it.skipIf(skip)(
    'with no universe and no real ticker stored, backfills the default universe and seeds its names and sectors',
    async () => {
      const empty = await open();
      try {
        await migrateToLatest(empty.storage);
        const s = new SyncStateRepo(empty.storage, () => NOW);
        const m = createMarketDataRepo(empty.storage, { now: () => NOW });
        fake.handler = (req) => tiingoAnswer(req, '2024-01-10');
        const r = await runMarketSync({
          config: tiingoConfig(fake.baseUrl),
          market: m,
          state: s,
          now: () => NOW,
        });
        expect(r).toMatchObject({ ok: true, universe: 'default', tickers: 41, counts: { synced: 41 } });
        const lookup = await m.findTicker('XOM');
        expect(lookup.ok && [lookup.instrument.name, lookup.instrument.sector]).toEqual([
          'Exxon Mobil Corporation',
          'Energy',
        ]);
        expect((await m.getDailySeries('SPY', { asOf: NOW, adjustment: 'split_div' }))?.known_through).toBe(
          '2024-01-10',
        );
      } finally {
        await empty.storage.close();
        await empty.drop();
      }
    },
    60_000,
  );
});
