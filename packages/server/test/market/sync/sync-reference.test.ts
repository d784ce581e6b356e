/**
 * Reference data completing the instrument master (issue #24, ADR 0078), on SQLite and PostgreSQL:
 * industries and delisting dates are stored, a known value is never erased by an absent one, a listing
 * said to trade again loses its delisting date, a delisting dated before a ticker's last bar (a reused
 * symbol's earlier listing) is not applied; and Alpha Vantage's LISTING_STATUS, turned on, is asked once
 * a sync from the Alpha Vantage key's budget for the stale tickers, against a loopback stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import type { Storage } from '../../../src/db/repositories.js';
import type { InstrumentReference, ReferenceProvider } from '../../../src/market/providers/provider.js';
import { ProviderBudget } from '../../../src/market/providers/provider-budget.js';
import { bareInstrument } from '../../../src/market/store/bare-instrument.js';
import {
  createMarketDataRepo,
  type Instrument,
  type KyselyMarketDataRepo,
} from '../../../src/market/store/index.js';
import { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { keyHash } from '../../../src/market/sync/bar-sources.js';
import { referenceAsks } from '../../../src/market/sync/reference-asks.js';
import { runMarketSync } from '../../../src/market/sync/run-market-sync.js';
import { syncReference } from '../../../src/market/sync/sync-reference.js';
import { storageModes } from '../../support/storage-modes.js';
import { FakeProviderServer } from '../providers/fake-provider-server.js';
import { tiingoAnswer, tiingoTicker } from './fake-tiingo.js';

const NOW = new Date('2024-01-10T23:00:00Z');

const stores = await storageModes();

/** A reference provider answering from a table that a test changes between passes. */
function tableProvider(refs: Map<string, InstrumentReference>): ReferenceProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    name: 'table',
    referenceFields: ['name', 'exchange', 'sector', 'industry', 'active'],
    asked,
    async reference(ticker) {
      asked.push(ticker);
      const r = refs.get(ticker);
      if (r === undefined) throw new Error(`no reference for ${ticker}`);
      return r;
    },
  };
}

const named = (ticker: string, extra: Partial<Instrument> = {}): Instrument => ({
  ...bareInstrument(ticker, 'test'),
  name: `${ticker} Corp`,
  exchange: 'XNYS',
  sector: 'Health Care',
  industry: 'Pharmaceutical Preparations',
  ...extra,
});

describe.each(stores)('reference data on %s', (_name, open, skip) => {
  let storage: Storage;
  let drop: () => Promise<void>;
  let market: KyselyMarketDataRepo;
  let state: SyncStateRepo;
  let fake: FakeProviderServer;
  beforeAll(async () => {
    if (skip) return;
    ({ storage, drop } = await open());
    await migrateToLatest(storage);
    market = createMarketDataRepo(storage, { now: () => NOW });
    state = new SyncStateRepo(storage, () => NOW);
    fake = await FakeProviderServer.start();
  });
  afterAll(async () => {
    if (skip) return;
    await fake.close();
    await storage.close();
    await drop();
  });

  const get = async (t: string) => {
    const r = await market.findTicker(t);
    if (!r.ok) throw new Error(`${t} not stored`);
    return r.instrument;
  };

  it.skipIf(skip)(
    'stores industries and delisting dates, keeps known values, and clears the date of a listing that trades again',
    async () => {
      await market.write({
        source: 'test',
        instruments: [
          bareInstrument('IND', 'test'),
          named('DLS', { industry: null }),
          named('REU'),
          named('KEEP', { sector: null }),
        ],
      });
      const refs = new Map<string, InstrumentReference>([
        [
          'IND',
          {
            ticker: 'IND',
            name: 'Ind Semis Inc',
            sector: 'Information Technology',
            industry: 'Semiconductors',
          },
        ],
        ['DLS', { ticker: 'DLS', active: false, delisted_on: '2024-01-08' }],
        // An earlier company's listing under the same symbol, ended before REU's last bar.
        ['REU', { ticker: 'REU', name: 'Reused Old Co', active: false, delisted_on: '2009-06-30' }],
        // Knows a sector but no industry: KEEP's industry stays.
        ['KEEP', { ticker: 'KEEP', sector: 'Financials' }],
      ]);
      const provider = tableProvider(refs);
      const sources = [{ provider, budget: new ProviderBudget({ perMinute: 1000, perDay: 1000 }) }];
      const updated = await syncReference({
        sources,
        repo: market,
        tickers: ['IND', 'DLS', 'REU', 'KEEP'],
        stale: new Set(['DLS', 'REU']),
        lastBars: new Map([
          ['DLS', '2024-01-05'],
          ['REU', '2024-01-05'],
        ]),
      });
      expect(updated).toEqual(['DLS', 'IND', 'KEEP']);
      expect(await get('IND')).toMatchObject({
        name: 'Ind Semis Inc',
        sector: 'Information Technology',
        industry: 'Semiconductors',
        active: true,
        delisted_on: null,
      });
      expect(await get('DLS')).toMatchObject({ active: false, delisted_on: '2024-01-08', industry: null });
      expect(await get('REU')).toMatchObject({ name: 'REU Corp', active: true, delisted_on: null });
      expect(await get('KEEP')).toMatchObject({
        sector: 'Financials',
        industry: 'Pharmaceutical Preparations',
      });

      // Later: DLS (asked for its missing industry) is said to trade again; IND (asked for its missing
      // listing) gets a reference without an industry, which does not erase the one it has.
      refs.set('DLS', { ticker: 'DLS', industry: 'Biological Products', active: true });
      refs.set('IND', { ticker: 'IND', exchange: 'XNAS' });
      provider.asked.length = 0;
      const again = await syncReference({
        sources,
        repo: market,
        tickers: ['IND', 'DLS', 'REU', 'KEEP'],
      });
      expect(again).toEqual(['DLS', 'IND']);
      expect(provider.asked).toEqual(['DLS', 'IND']);
      expect(await get('DLS')).toMatchObject({
        active: true,
        delisted_on: null,
        industry: 'Biological Products',
      });
      expect(await get('IND')).toMatchObject({ exchange: 'XNAS', industry: 'Semiconductors' });
    },
  );

  it.skipIf(skip)(
    'asks a one-ticker-a-request source about a reference it could not complete once in 30 days, and a stale ticker every sync',
    async () => {
      await market.write({
        source: 'test',
        instruments: [
          named('FUND', { sector: null, industry: null }),
          named('FUND2', { sector: null, industry: null }),
        ],
      });
      // A fund has no sector or industry: the provider answers without them.
      const refs = new Map<string, InstrumentReference>([
        ['FUND', { ticker: 'FUND', name: 'A Fund Trust' }],
        ['FUND2', { ticker: 'FUND2', active: true }],
      ]);
      const provider = tableProvider(refs);
      const sources = [{ provider, budget: new ProviderBudget({ perMinute: 1000, perDay: 1000 }) }];
      const pass = async (session: string, stale: readonly string[] = []) => {
        provider.asked.length = 0;
        await syncReference({
          sources,
          repo: market,
          tickers: ['FUND', 'FUND2'],
          stale: new Set(stale),
          ...(await referenceAsks({ state, market }, session)),
        });
        return [...provider.asked];
      };
      expect(await pass('2024-01-10')).toEqual(['FUND', 'FUND2']);
      expect(await pass('2024-01-11')).toEqual([]);
      // FUND2 stopped trading days: asked whether it still trades, whatever was asked before.
      expect(await pass('2024-01-12', ['FUND2'])).toEqual(['FUND2']);
      expect(await pass('2024-02-08')).toEqual([]); // 29 days after FUND's last ask
      expect(await pass('2024-02-09')).toEqual(['FUND']); // 30 days: FUND2 was asked on the 12th
      expect(await pass('2024-02-11')).toEqual(['FUND2']);
      const asked = await state.checkpoints('reference');
      expect(asked.filter((c) => c.ticker.startsWith('FUND'))).toEqual([
        { provider: 'table', ticker: 'FUND', kind: 'reference', through: '2024-02-09' },
        { provider: 'table', ticker: 'FUND2', kind: 'reference', through: '2024-02-11' },
      ]);
    },
  );

  it.skipIf(skip)(
    'asks Alpha Vantage’s LISTING_STATUS once a sync, on its key’s budget, and marks the stale tickers it lists as delisted',
    async () => {
      const last = (t: string) => (t === 'LIVE2' ? '2024-01-10' : '2024-01-05');
      fake.handler = (req) => {
        if (req.url.pathname === '/query') {
          expect(req.url.searchParams.get('function')).toBe('LISTING_STATUS');
          return {
            headers: { 'content-type': 'application/x-download' },
            body: [
              'symbol,name,exchange,assetType,ipoDate,delistingDate,status',
              'GONE2,Gone Two Corp,NYSE,Stock,2001-05-01,2024-01-08,Delisted',
              'GONE3,"Gone Three, Inc",NASDAQ,Stock,2010-01-04,2024-01-09,Delisted',
              'REU2,Reused Old Co,NYSE,Stock,1999-01-04,2009-06-30,Delisted',
              '',
            ].join('\r\n'),
          };
        }
        return tiingoAnswer(req, last(tiingoTicker(req)));
      };
      const tickers = ['GONE2', 'GONE3', 'REU2', 'LIVE2'];
      await market.write({ source: 'test', instruments: tickers.map((t) => named(t)) });
      const env: Record<string, string> = {
        BELLWETHER_BAR_PROVIDERS: 'tiingo,alphavantage',
        BELLWETHER_TIINGO_TOKEN: 'tk',
        BELLWETHER_TIINGO_BASE_URL: fake.baseUrl,
        BELLWETHER_ALPHA_VANTAGE_KEY: 'av-listing-key',
        BELLWETHER_ALPHA_VANTAGE_BASE_URL: fake.baseUrl,
        BELLWETHER_ALPHA_VANTAGE_LISTINGS: 'on',
        BELLWETHER_BACKFILL_YEARS: '1',
      };
      const errors: string[] = [];
      const config = parseMarketSyncConfig(errors, (n) => env[n]);
      expect(errors).toEqual([]);
      const r = await runMarketSync({ config, market, state, now: () => NOW }, { tickers });
      if (!r.ok) throw new Error(r.message);
      const listingRequests = fake.seen.filter((q) => q.url.pathname === '/query');
      expect(listingRequests).toHaveLength(1);
      expect(listingRequests[0]?.url.searchParams.get('state')).toBe('delisted');
      expect(r.reference_updated).toEqual(['GONE2', 'GONE3']);
      expect(await get('GONE2')).toMatchObject({
        active: false,
        delisted_on: '2024-01-08',
        name: 'GONE2 Corp',
      });
      expect(await get('GONE3')).toMatchObject({ active: false, delisted_on: '2024-01-09' });
      // REU2's listed delisting (2009) is before its last bar: another listing of the symbol.
      expect(await get('REU2')).toMatchObject({ active: true, delisted_on: null });
      expect(await get('LIVE2')).toMatchObject({ active: true, delisted_on: null });
      // The request came from the Alpha Vantage key's persisted budget (no bars were asked of it).
      expect((await state.loadBudget(`alphavantage:${keyHash('av-listing-key')}`))?.sent).toHaveLength(1);

      // Off (the default): no LISTING_STATUS request, even with a stale ticker.
      const before = fake.seen.length;
      const off = parseMarketSyncConfig([], (n) =>
        n === 'BELLWETHER_ALPHA_VANTAGE_LISTINGS' ? undefined : env[n],
      );
      expect(off.alphaVantageListings).toBe(false);
      await runMarketSync({ config: off, market, state, now: () => NOW }, { tickers: ['REU2'] });
      expect(fake.seen.slice(before).some((q) => q.url.pathname === '/query')).toBe(false);
    },
  );
});

describe('BELLWETHER_ALPHA_VANTAGE_LISTINGS', () => {
  it('is on or off, and on needs Alpha Vantage among the bar providers', () => {
    const parse = (env: Record<string, string>) => {
      const errors: string[] = [];
      const config = parseMarketSyncConfig(errors, (n) => env[n]);
      return { on: config.alphaVantageListings, errors };
    };
    expect(parse({ BELLWETHER_ALPHA_VANTAGE_KEY: 'k', BELLWETHER_ALPHA_VANTAGE_LISTINGS: 'on' })).toEqual({
      on: true,
      errors: [],
    });
    expect(parse({ BELLWETHER_TIINGO_TOKEN: 't', BELLWETHER_ALPHA_VANTAGE_LISTINGS: 'on' })).toEqual({
      on: false,
      errors: [
        'BELLWETHER_ALPHA_VANTAGE_LISTINGS=on needs alphavantage among the bar providers (BELLWETHER_ALPHA_VANTAGE_KEY)',
      ],
    });
    expect(
      parse({ BELLWETHER_ALPHA_VANTAGE_KEY: 'k', BELLWETHER_ALPHA_VANTAGE_LISTINGS: 'yes' }).errors,
    ).toEqual(['BELLWETHER_ALPHA_VANTAGE_LISTINGS must be on or off; not yes']);
  });
});
