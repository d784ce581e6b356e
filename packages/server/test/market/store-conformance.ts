import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import {
  type Bar,
  createMarketDataRepo,
  type Instrument,
  KyselyMarketDataRepo,
  MarketDataCache,
} from '../../src/market/store/index.js';
import type { MarketTables } from '../../src/market/store/tables.js';

export interface StoreTarget {
  readonly storage: KyselyStorage;
  cleanup(): Promise<void>;
}

function instrument(ticker: string, calendar = 'XNYS'): Instrument {
  return {
    ticker,
    name: `${ticker} Inc.`,
    exchange: calendar === 'XNYS' ? 'XNYS' : null,
    asset_class: calendar === 'XNYS' ? 'equity' : 'crypto',
    currency: 'USD',
    sector: 'tech',
    calendar,
    active: true,
    source: 'test',
  };
}

/** XNYS sessions from `first` on, `n` of them. */
function sessions(first: string, n: number): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); out.length < n; t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (XNYS.sessionOn(d) !== undefined) out.push(d);
  }
  return out;
}

/** Bars with awkward doubles (0.1 steps) so exact round trips are tested, not just integers. */
function bars(dates: readonly string[], base = 100): Bar[] {
  return dates.map((date, i) => {
    const close = base + i * 0.1 + 1 / 3;
    return { date, open: close - 0.07, high: close + 0.31, low: close - 0.29, close, volume: 1_000_000 + i };
  });
}

/**
 * The market-data repository contract: every dialect must pass it. Tests share one migrated database
 * and stay apart by using their own tickers.
 */
export function describeMarketStoreConformance(
  name: string,
  open: () => Promise<StoreTarget>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip === true)(`market store conformance: ${name}`, () => {
    let target: StoreTarget;
    let repo: KyselyMarketDataRepo;

    beforeAll(async () => {
      target = await open();
      await migrateToLatest(target.storage);
      repo = createMarketDataRepo(target.storage);
    });
    afterAll(async () => {
      await target?.cleanup();
    });

    it('stores raw bars exactly and returns them as aligned Float64Array columns stating source and as_of', async () => {
      const dates = sessions('2024-01-02', 30);
      const input = bars(dates);
      const w = await repo.write({
        source: 'csv:RT.csv',
        ensureInstruments: [instrument('RT')],
        bars: [{ ticker: 'RT', bars: input }],
      });
      expect(w.bars).toEqual({ inserted: 30, updated: 0, unchanged: 0 });
      const asOf = new Date('2024-06-01T00:00:00Z');
      const s = await repo.getDailySeries('rt', { asOf, adjustment: 'raw' });
      expect(s?.ticker).toBe('RT');
      expect(s?.source).toBe('csv:RT.csv');
      expect(s?.as_of).toBe('2024-06-01T00:00:00Z'); // whole seconds, like every instant shown (issue #26)
      expect(s?.adjustment).toBe('raw');
      expect(s?.dates).toEqual(dates);
      for (const k of ['open', 'high', 'low', 'close', 'volume'] as const) {
        expect(s?.[k]).toBeInstanceOf(Float64Array);
        expect(Array.from(s?.[k] ?? [])).toEqual(input.map((b) => b[k]));
      }
      const window = await repo.getDailySeries('RT', {
        asOf,
        adjustment: 'raw',
        from: dates[5] as string,
        to: dates[9] as string,
      });
      expect(window?.dates).toEqual(dates.slice(5, 10));
      expect(await repo.getDailySeries('NOPE', { asOf, adjustment: 'raw' })).toBeUndefined();
    });

    it('says how fresh each active ticker is at an instant: its last bar known then beside the last closed session', async () => {
      const dates = sessions('2024-03-01', 10);
      await repo.write({
        source: 'test',
        ensureInstruments: [instrument('FRA'), instrument('FRB'), instrument('FRC', '24x7')],
        bars: [
          { ticker: 'FRA', bars: bars(dates) },
          { ticker: 'FRB', bars: bars(dates.slice(0, 8)) },
        ],
      });
      // After the close of the 9th session: FRA's 10th bar is not known yet, FRB lacks the 9th.
      const asOf = new Date(`${dates[8]}T22:00:00Z`);
      const mine = (await repo.freshness(asOf)).filter((f) => f.ticker.startsWith('FR'));
      expect(mine).toEqual([
        { ticker: 'FRA', known_through: dates[8], last_bar: dates[8] },
        { ticker: 'FRB', known_through: dates[8], last_bar: dates[7] },
        {
          ticker: 'FRC',
          known_through: new Date(asOf.getTime() - 86_400_000 * 1).toISOString().slice(0, 10),
          last_bar: null,
        },
      ]);
      const series = await repo.getDailySeries('FRB', { asOf, adjustment: 'raw', to: dates[3] as string });
      expect([series?.known_through, series?.last_bar]).toEqual([dates[8], dates[7]]);
    });

    it('reads many tickers together exactly as one by one: tails, whole histories, cached or not, unknown ones', async () => {
      const dates = sessions('2021-06-01', 300);
      await repo.write({
        source: 'csv:MANY.csv',
        ensureInstruments: ['MA', 'MB', 'MC', 'MD'].map((t) => instrument(t)),
        bars: [
          { ticker: 'MA', bars: bars(dates) },
          { ticker: 'MB', bars: bars(dates.slice(40), 50) },
          { ticker: 'MC', bars: bars(dates.slice(0, 20), 7) }, // stops early: a short tail
        ],
        actions: [
          {
            ticker: 'MA',
            actions: [
              { date: dates[10] as string, kind: 'split', value: 2 },
              { date: dates[280] as string, kind: 'dividend', value: 0.5 },
            ],
          },
        ],
      });
      const tickers = ['ma', 'MB', 'MC', 'MD', 'NOPE', 'MA'];
      const asOf = new Date(`${dates[290]}T23:00:00Z`);
      const queries = [
        { asOf, adjustment: 'split_div' as const, tail: 30 },
        { asOf, adjustment: 'raw' as const, tail: 250 },
        { asOf, adjustment: 'split' as const },
        { asOf, adjustment: 'split_div' as const, tail: 5, to: dates[100] as string },
      ];
      for (const query of queries) {
        const one = createMarketDataRepo(target.storage);
        const expected = [];
        for (const t of tickers) expected.push(await one.getDailySeries(t, query));
        const many = createMarketDataRepo(target.storage);
        // One ticker's whole history already cached: served from the cache, not replaced by a tail.
        await many.getDailySeries('MB', { asOf, adjustment: 'raw' });
        expect(await many.getDailySeriesMany(tickers, query)).toEqual(expected);
        // And again, now from the cache.
        expect(await many.getDailySeriesMany(tickers, query)).toEqual(expected);
        // A tail (read with only the actions after its first bar) is the end of the whole adjusted series.
        if (query.tail !== undefined) {
          const { tail: _tail, ...wholeQuery } = query;
          const whole = await createMarketDataRepo(target.storage).getDailySeries('MA', wholeQuery);
          const tail = expected[0];
          expect(tail?.close.length).toBe(query.tail);
          expect(Array.from(tail?.close ?? [])).toEqual(Array.from(whole?.close.slice(-query.tail) ?? []));
          expect(Array.from(tail?.volume ?? [])).toEqual(Array.from(whole?.volume.slice(-query.tail) ?? []));
        }
      }
    });

    it('loads a ticker once for requests that arrive together on a cold cache, and again after a write', async () => {
      const dates = sessions('2022-01-03', 40);
      await repo.write({
        source: 'csv:ONCE.csv',
        ensureInstruments: [instrument('ONCE')],
        bars: [{ ticker: 'ONCE', bars: bars(dates) }],
      });
      let barQueries = 0;
      const counting = target.storage.db.withPlugin({
        transformQuery(args) {
          if (/"daily_bar(s|_blocks)"/.test(JSON.stringify(args.node))) barQueries++;
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      }) as unknown as Kysely<MarketTables>;
      const cold = new KyselyMarketDataRepo(
        counting,
        target.storage.dialect,
        new MarketDataCache(),
        () => new Date(),
        undefined,
        // SQLite: with the array reader, so bars come from the year blocks as in the product.
        target.storage.sqliteRows,
      );
      const asOf = new Date('2023-01-01T00:00:00Z');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => cold.getDailySeries('ONCE', { asOf, adjustment: 'raw' })),
      );
      expect(barQueries).toBe(1);
      for (const a of answers) expect(a?.dates).toEqual(dates);
      // A write invalidates: the next request reads the corrected bar, once.
      await cold.write({
        source: 'csv:ONCE.csv',
        bars: [{ ticker: 'ONCE', bars: [{ ...(bars(dates)[3] as Bar), close: 1234 }] }],
      });
      barQueries = 0;
      const after = await Promise.all([
        cold.getDailySeries('ONCE', { asOf, adjustment: 'raw' }),
        cold.getDailySeries('ONCE', { asOf, adjustment: 'raw' }),
      ]);
      expect(barQueries).toBe(1);
      for (const a of after) expect(a?.close[3]).toBe(1234);
    });

    it('reads a turn of tails in one query of bars, and on SQLite only the blocks of the years a tail spans', async () => {
      // Two and a half years of sessions from mid-2019: a block per calendar year, a 30-bar tail in the last.
      const dates = sessions('2019-06-03', 650);
      const tickers = ['TA', 'TB', 'TC', 'TD', 'TE', 'TF', 'TG', 'TH'];
      await repo.write({
        source: 'csv:TURN.csv',
        ensureInstruments: tickers.map((t) => instrument(t)),
        bars: tickers.map((ticker, i) => ({ ticker, bars: bars(dates, 50 + i) })),
      });
      let barQueries = 0;
      let blockRows = 0;
      const counting = target.storage.db.withPlugin({
        transformQuery(args) {
          // Built or raw SQL alike.
          if (/\bdaily_bar(s|_blocks)\b/.test(JSON.stringify(args.node))) barQueries++;
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      }) as unknown as Kysely<MarketTables>;
      const rows = target.storage.sqliteRows;
      const cold = new KyselyMarketDataRepo(
        counting,
        target.storage.dialect,
        new MarketDataCache(),
        () => new Date(),
        undefined,
        rows === undefined
          ? undefined
          : async (query) => {
              const read = await rows(query);
              if (query.sql.includes('"daily_bar_blocks"')) blockRows += read.length;
              return read;
            },
      );
      const asOf = new Date(`${dates.at(-1)}T23:00:00Z`);
      const read = await cold.getDailySeriesMany(tickers, { asOf, adjustment: 'split_div', tail: 30 });
      expect(read.map((s) => (s instanceof Error ? s.message : s?.dates))).toEqual(
        tickers.map(() => dates.slice(-30)),
      );
      // PostgreSQL read the tails one ticker at a time (8 queries); SQLite reads blocks, together.
      expect(barQueries).toBe(1);
      // A history is three or four blocks; a 30-bar tail (with spare) needs the last two years at most.
      if (rows !== undefined) expect(blockRows).toBeLessThanOrEqual(2 * tickers.length);
    });

    it('re-importing the same rows changes nothing, and a corrected file updates exactly the changed rows', async () => {
      const dates = sessions('2023-03-01', 50);
      const input = bars(dates, 50);
      const batch = {
        source: 'csv:IDEM.csv',
        ensureInstruments: [instrument('IDEM')],
        bars: [{ ticker: 'IDEM', bars: input }],
      };
      const first = await repo.write(batch);
      expect(first.total).toEqual({ inserted: 51, updated: 0, unchanged: 0 });
      const again = await repo.write(batch);
      expect(again.bars).toEqual({ inserted: 0, updated: 0, unchanged: 50 });
      expect(again.total.inserted + again.total.updated).toBe(0);
      const corrected = input.map((b, i) => (i === 3 || i === 40 ? { ...b, close: b.close + 0.01 } : b));
      const fix = await repo.write({
        ...batch,
        bars: [{ ticker: 'IDEM', bars: [...corrected, ...bars(sessions('2023-05-15', 2), 60)] }],
      });
      expect(fix.bars).toEqual({ inserted: 2, updated: 2, unchanged: 48 });
      const s = await repo.getDailySeries('IDEM', {
        asOf: new Date('2024-01-01T00:00:00Z'),
        adjustment: 'raw',
      });
      expect(s?.close[3]).toBe(corrected[3]?.close);
    });

    it('a write that fails part-way leaves the database exactly as it was', async () => {
      const before = await repo.counts();
      const good = bars(sessions('2022-01-03', 20));
      const broken = bars(sessions('2022-01-03', 20)).map((b, i) =>
        i === 17 ? { ...b, close: Number.NaN } : b,
      );
      await expect(
        repo.write({
          source: 'csv:HALF.csv',
          ensureInstruments: [instrument('HALFA'), instrument('HALFB')],
          bars: [
            { ticker: 'HALFA', bars: good },
            { ticker: 'HALFB', bars: broken },
          ],
          run: { kind: 'bars', skipped: 0 },
        }),
      ).rejects.toThrow();
      expect(await repo.counts()).toEqual(before);
      expect((await repo.findTicker('HALFA')).ok).toBe(false);
    });

    it('adjusts on read: splits scale earlier prices and volumes, dividends scale earlier prices by C/(C + D), C the ex-date close (ADR 0080)', async () => {
      const dates = sessions('2021-06-01', 10);
      const input = dates.map((date, i) => ({
        date,
        open: 100,
        high: 101,
        low: 99,
        close: i < 5 ? 100 : 50,
        volume: 1000,
      }));
      await repo.write({
        source: 'csv:ADJ.csv',
        ensureInstruments: [instrument('ADJ')],
        bars: [{ ticker: 'ADJ', bars: input }],
        actions: [
          {
            ticker: 'ADJ',
            actions: [
              { date: dates[5] as string, kind: 'split', value: 2 },
              { date: dates[8] as string, kind: 'dividend', value: 1 },
            ],
          },
        ],
      });
      const asOf = new Date('2022-01-01T00:00:00Z');
      const raw = await repo.getDailySeries('ADJ', { asOf, adjustment: 'raw' });
      const split = await repo.getDailySeries('ADJ', { asOf, adjustment: 'split' });
      const div = await repo.getDailySeries('ADJ', { asOf, adjustment: 'split_div' });
      expect(raw?.close[0]).toBe(100);
      expect(split?.adjustment).toBe('split');
      expect(split?.close[0]).toBe(50);
      expect(split?.volume[0]).toBe(2000);
      expect(split?.close[9]).toBe(50);
      expect(div?.close[7]).toBeCloseTo(50 * (50 / 51), 12);
      expect(div?.close[0]).toBeCloseTo(50 * (50 / 51), 12);
      expect(div?.close[8]).toBe(50);
      // A window that ends before the actions is still adjusted as of the instant asked for.
      const early = await repo.getDailySeries('ADJ', { asOf, adjustment: 'split', to: dates[2] as string });
      expect(early?.close[0]).toBe(50);
      // As of a moment before the split's ex-date session closed, the split is not known yet.
      const before = await repo.getDailySeries('ADJ', {
        asOf: new Date(`${dates[4]}T21:30:00Z`),
        adjustment: 'split',
      });
      expect(before?.close[0]).toBe(100);
      expect((await repo.getActions('ADJ', new Date(`${dates[4]}T21:30:00Z`))).length).toBe(0);
    });

    it('a daily bar becomes known at its session close, not at midnight', async () => {
      // 2024-07-03 is an early close (13:00 New York = 17:00Z); 2024-07-05 closes at 16:00 New York = 20:00Z.
      await repo.write({
        source: 'csv:ASOF.csv',
        ensureInstruments: [instrument('ASOF')],
        bars: [{ ticker: 'ASOF', bars: bars(['2024-07-02', '2024-07-03', '2024-07-05']) }],
      });
      const at = async (iso: string) =>
        (await repo.getDailySeries('ASOF', { asOf: new Date(iso), adjustment: 'raw' }))?.dates;
      expect(await at('2024-07-03T16:59:59Z')).toEqual(['2024-07-02']);
      expect(await at('2024-07-03T17:00:00Z')).toEqual(['2024-07-02', '2024-07-03']);
      expect(await at('2024-07-05T19:59:59Z')).toEqual(['2024-07-02', '2024-07-03']);
      expect(await at('2024-07-05T20:00:00Z')).toEqual(['2024-07-02', '2024-07-03', '2024-07-05']);
      const s = await repo.getDailySeries('ASOF', {
        asOf: new Date('2024-07-05T12:00:00Z'),
        adjustment: 'raw',
        to: '2024-12-31',
      });
      expect(s?.known_through).toBe('2024-07-03');
    });

    it('never returns a bar whose session had not closed at the as-of instant (property)', async () => {
      const dates = sessions('2020-02-03', 120);
      await repo.write({
        source: 'csv:PROP.csv',
        ensureInstruments: [instrument('PROP')],
        bars: [{ ticker: 'PROP', bars: bars(dates) }],
      });
      const lo = Date.parse('2020-01-25T00:00:00Z');
      const hi = Date.parse('2020-08-15T00:00:00Z');
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: lo, max: hi }),
          fc.constantFrom('raw', 'split', 'split_div'),
          fc.option(fc.integer({ min: 0, max: 119 })),
          async (t, adjustment, toIndex) => {
            const asOf = new Date(t);
            const s = await repo.getDailySeries('PROP', {
              asOf,
              adjustment,
              ...(toIndex === null ? {} : { to: dates[toIndex] as string }),
            });
            for (const d of s?.dates ?? []) {
              const close = XNYS.sessionOn(d)?.closes_at.getTime() ?? Number.POSITIVE_INFINITY;
              expect(close).toBeLessThanOrEqual(t);
            }
            // …and every bar that had closed is there (when no `to` cuts the window).
            if (toIndex === null) {
              const closed = dates.filter((d) => (XNYS.sessionOn(d)?.closes_at.getTime() ?? 0) <= t);
              expect(s?.dates).toEqual(closed);
            }
          },
        ),
        { numRuns: 150 },
      );
    });

    it('serves repeated reads from the per-ticker cache and drops a ticker from it when that ticker is written', async () => {
      const cache = new MarketDataCache();
      const cached = createMarketDataRepo(target.storage, { cache });
      const dates = sessions('2019-04-01', 5);
      await cached.write({
        source: 'csv:CCH.csv',
        ensureInstruments: [instrument('CCH')],
        bars: [{ ticker: 'CCH', bars: bars(dates) }],
      });
      const asOf = new Date('2020-01-01T00:00:00Z');
      expect((await cached.getDailySeries('CCH', { asOf, adjustment: 'raw' }))?.dates.length).toBe(5);
      expect(cache.size).toBe(1);
      // Rows deleted behind the repository's back are still served: the read did not reach the database.
      await sql`delete from daily_bars where ticker = 'CCH' and date = ${dates[0]}`.execute(
        target.storage.db,
      );
      expect((await cached.getDailySeries('CCH', { asOf, adjustment: 'split' }))?.dates.length).toBe(5);
      // A write through the repository invalidates the ticker, so the next read sees the database.
      await cached.write({ source: 'csv:CCH.csv', bars: [{ ticker: 'CCH', bars: bars(dates.slice(4)) }] });
      expect((await cached.getDailySeries('CCH', { asOf, adjustment: 'raw' }))?.dates).toEqual(
        dates.slice(1),
      );
    });

    it('finds tickers case-insensitively and suggests a close match for unknown ones', async () => {
      await repo.write({ source: 'test', instruments: [instrument('ZETA'), instrument('ZETB')] });
      const found = await repo.findTicker(' zeta ');
      expect(found.ok && found.instrument).toMatchObject({
        ticker: 'ZETA',
        name: 'ZETA Inc.',
        calendar: 'XNYS',
        active: true,
      });
      expect(await repo.findTicker('ZETX')).toEqual({ ok: false, suggestion: 'ZETA' });
      expect(await repo.findTicker('QQQQQQQQQQ')).toEqual({ ok: false });
      const renamed = await repo.write({
        source: 'test',
        instruments: [{ ...instrument('ZETA'), name: 'Zeta Corp' }, instrument('ZETB')],
      });
      expect(renamed.instruments).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
      // ensureInstruments never overwrites a known instrument.
      const ensured = await repo.write({ source: 'csv:x', ensureInstruments: [instrument('ZETA')] });
      expect(ensured.instruments).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    });

    it('stores trades, quotes and news idempotently and reads them back as of an instant', async () => {
      const t0 = Date.parse('2024-03-01T15:00:00Z');
      const trades = [
        { ts: t0, price: 10.01, size: 100, side: 'buy' as const },
        { ts: t0, price: 10.02, size: 50 },
        { ts: t0 + 1500, price: 10, size: 7, side: 'sell' as const, condition: 'F' },
      ];
      const quotes = [
        { ts: t0 - 10, bid: 10, ask: 10.02, bid_size: 300, ask_size: 200 },
        { ts: t0 + 1000, bid: 9.99, ask: 10.01, bid_size: 100, ask_size: 100 },
      ];
      const news = [
        {
          id: 'n1',
          published_at: '2024-03-01T14:00:00.000Z',
          source: 'Wire',
          headline: 'TCK up',
          summary: 's',
          url: 'https://x.test/1',
          tickers: ['TCK', 'oth'],
        },
        {
          id: 'n2',
          published_at: '2024-03-01T16:00:00.000Z',
          source: 'Wire',
          headline: 'TCK down',
          tickers: ['TCK'],
        },
      ];
      const batch = {
        source: 'csv:TCK.csv',
        ensureInstruments: [instrument('TCK')],
        trades: [{ ticker: 'TCK', trades }],
        quotes: [{ ticker: 'TCK', quotes }],
        news,
        run: { kind: 'trades', ticker: 'TCK', skipped: 0 },
      };
      const first = await repo.write(batch);
      expect([first.trades.inserted, first.quotes.inserted, first.news.inserted]).toEqual([3, 2, 2]);
      const again = await repo.write(batch);
      expect(again.total.inserted + again.total.updated).toBe(0);
      const retagged = await repo.write({
        ...batch,
        news: [{ ...news[1], tickers: ['TCK', 'NEW'] } as (typeof news)[number]],
      });
      expect(retagged.news).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
      const asOf = new Date(t0 + 1000);
      expect(await repo.getTrades('tck', t0 - 60_000, t0 + 60_000, asOf)).toEqual(trades.slice(0, 2));
      expect(await repo.getQuotes('TCK', t0 - 60_000, t0 + 60_000, asOf)).toEqual(quotes);
      const items = await repo.getNews(
        'TCK',
        new Date('2024-03-01T00:00:00Z'),
        new Date('2024-03-01T17:00:00Z'),
      );
      expect(items.map((n) => n.id)).toEqual(['n1', 'n2']);
      expect(items[0]).toEqual({ ...news[0], tickers: ['OTH', 'TCK'] });
      expect(items[1]?.tickers).toEqual(['NEW', 'TCK']);
      // What is stored about a ticker, as known at an instant: what a range without news is told.
      expect(await repo.newsSpan('tck', new Date('2024-03-01T17:00:00Z'))).toEqual({
        first: '2024-03-01T14:00:00.000Z',
        last: '2024-03-01T16:00:00.000Z',
      });
      expect(await repo.newsSpan('TCK', new Date('2024-03-01T15:00:00Z'))).toEqual({
        first: '2024-03-01T14:00:00.000Z',
        last: '2024-03-01T14:00:00.000Z',
      });
      expect(await repo.newsSpan('TCK', new Date('2024-03-01T13:00:00Z'))).toBeUndefined();
      expect(await repo.newsSpan('NOPE', new Date('2024-03-01T17:00:00Z'))).toBeUndefined();
      const runs = await sql<{
        n: number | string;
      }>`select count(*) as n from ingest_runs where ticker = 'TCK'`.execute(target.storage.db);
      expect(Number(runs.rows[0]?.n)).toBe(3);
    });

    it('round-trips awkward text (quotes, backslashes, braces, commas, NULL, non-ASCII) and extreme doubles', async () => {
      const awkward = 'He said "hi", {x} \\ back\\slash; NULL — Zürich 株';
      await repo.write({
        source: 'csv:"odd", {name}.csv',
        instruments: [{ ...instrument('ODD'), name: awkward, sector: null, source: 'csv:"odd", {name}.csv' }],
        news: [
          {
            id: 'odd"1',
            published_at: '2024-05-01T12:00:00.000Z',
            source: 'NULL',
            headline: awkward,
            tickers: ['ODD'],
          },
        ],
        trades: [
          {
            ticker: 'ODD',
            trades: [{ ts: 1_714_564_800_000, price: 1e-7, size: 1.7976931348623157e308, condition: '"' }],
          },
        ],
      });
      const found = await repo.findTicker('ODD');
      expect(found.ok && found.instrument).toMatchObject({
        name: awkward,
        sector: null,
        source: 'csv:"odd", {name}.csv',
      });
      const news = await repo.getNews(
        'ODD',
        new Date('2024-05-01T00:00:00Z'),
        new Date('2024-05-02T00:00:00Z'),
      );
      expect(news).toEqual([
        {
          id: 'odd"1',
          published_at: '2024-05-01T12:00:00.000Z',
          source: 'NULL',
          headline: awkward,
          tickers: ['ODD'],
        },
      ]);
      const trades = await repo.getTrades('ODD', 0, 2e12, new Date('2030-01-01T00:00:00Z'));
      expect(trades).toEqual([
        { ts: 1_714_564_800_000, price: 1e-7, size: 1.7976931348623157e308, condition: '"' },
      ]);
    });

    it('two concurrent imports of the same file insert each row once and count it once', async () => {
      const other = createMarketDataRepo(target.storage);
      const batch = {
        source: 'csv:RACE.csv',
        ensureInstruments: [instrument('RACE')],
        bars: [{ ticker: 'RACE', bars: bars(sessions('2018-01-02', 300)) }],
      };
      const [a, b] = await Promise.all([repo.write(batch), other.write(batch)]);
      expect([
        a.bars.inserted + b.bars.inserted,
        a.bars.unchanged + b.bars.unchanged,
        a.bars.updated + b.bars.updated,
      ]).toEqual([300, 300, 0]);
      expect(a.instruments.inserted + b.instruments.inserted).toBe(1);
    });

    it('writes a large file in bulk statements (more rows than one chunk) and reads it back', async () => {
      const dates: string[] = [];
      for (let t = Date.parse('1950-01-01T00:00:00Z'); dates.length < 25_000; t += 86_400_000) {
        dates.push(new Date(t).toISOString().slice(0, 10));
      }
      const w = await repo.write({
        source: 'csv:BIG.csv',
        ensureInstruments: [instrument('BIG', '24x7')],
        bars: [{ ticker: 'BIG', bars: bars(dates) }],
      });
      expect(w.bars.inserted).toBe(25_000);
      const s = await repo.getDailySeries('BIG', {
        asOf: new Date('2030-01-01T00:00:00Z'),
        adjustment: 'raw',
      });
      expect(s?.dates.length).toBe(25_000);
      expect(s?.close[24_999]).toBe(100 + 24_999 * 0.1 + 1 / 3);
    });
  });
}
