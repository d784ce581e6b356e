/**
 * /instruments and /instruments/{ticker} on real data (the 505 S&P 500 constituents of Pooksoft's list,
 * bars of its 70 stocks and pandas-ta's SPY), both modes: the ranking of `q`, the filters, paging, and the
 * bars known at as_of — read back against the source files, never past as_of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instrument } from '../../src/market/store/types.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';
import {
  AS_OF,
  constituents,
  KNOWN_THROUGH,
  POOKSOFT_TICKERS,
  pooksoftRows,
  seedDiscoveryMarket,
} from './support/discovery-market.js';

interface Listed {
  ticker: string;
  name: string;
  sector: string | null;
  industry: string | null;
  active: boolean;
  delisted_on: string | null;
  first_bar: string | null;
  last_bar: string | null;
  known_through: string;
  stale: boolean;
  source: string;
  match?: string;
}

describe.each(MODES)('/instruments (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  const list = async (query: string) => {
    const res = await server.get(`/api/v1/instruments?${query}`, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      count: number;
      has_more: boolean;
      next_cursor: string | null;
      data: Listed[];
      suggestion?: string;
      note?: string;
      as_of: string;
      parameters: Record<string, unknown>;
    };
  };
  /** Every row of a listing, page by page. */
  const all = async (query: string, limit: number) => {
    const rows: Listed[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 1000; pages++) {
      const page = await list(`${query}&limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`);
      rows.push(...page.data);
      if (!page.has_more) return { rows, total: page.total };
      cursor = page.next_cursor;
    }
    throw new Error('does not end');
  };

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: AS_OF });
    server = await deployment.start();
    await seedDiscoveryMarket(server.platform.market);
    key = (await server.account('starter', { burst: 1000, quota: 100_000 })).key as string;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('ranks the ticker itself first, then tickers starting with the query, then names', async () => {
    const jnj = await list('q=jnj');
    expect(jnj.data[0]).toMatchObject({ ticker: 'JNJ', name: 'Johnson & Johnson', match: 'ticker' });
    const ge = await list('q=ge');
    expect(ge.data[0]).toMatchObject({ ticker: 'GE', match: 'ticker' });
    const tiers = ge.data.map((d) => d.match);
    expect(tiers).toEqual([...tiers].sort((a, b) => order(a) - order(b)));
    expect(tiers).toContain('name_prefix');
    // Two letters match at the start of tickers, names and words only, never inside them.
    expect(tiers).not.toContain('contains');
    expect(ge.data.find((d) => d.ticker === 'GD')).toMatchObject({
      name: 'General Dynamics',
      match: 'name_prefix',
    });
  });

  it('finds names by a word of them, any word order, and by separators written otherwise', async () => {
    expect((await list('q=brk-b')).data[0]).toMatchObject({ ticker: 'BRK.B', match: 'ticker' });
    const general = (await list('q=general')).data;
    expect(general.filter((d) => d.match === 'name_prefix').map((d) => d.ticker)).toEqual(
      constituents()
        .filter((i) => i.name.toLowerCase().startsWith('general'))
        .map((i) => i.ticker)
        .sort()
        // GE is marked inactive: active instruments come first within a tier.
        .sort((a, b) => Number(a === 'GE') - Number(b === 'GE')),
    );
    expect(general.find((d) => d.ticker === 'DG')).toMatchObject({
      name: 'Dollar General',
      match: 'name_words',
    });
    expect((await list('q=electric%20gen')).data.map((d) => d.ticker)).toContain('GE');
    expect((await list('q=johnson')).data.map((d) => `${d.ticker} ${d.match}`)).toEqual([
      'JCI name_prefix',
      'JNJ name_prefix',
    ]);
    // From three characters, inside names too.
    expect((await list('q=hathaway')).data[0]).toMatchObject({ ticker: 'BRK.B', match: 'name_words' });
    expect((await list('q=athaw')).data[0]).toMatchObject({ ticker: 'BRK.B', match: 'contains' });
    // LIKE's wildcards are plain characters in a query.
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });

  it('a search that matches nothing names the closest ticker', async () => {
    const none = await list('q=JNJX');
    expect(none).toMatchObject({ total: 0, count: 0, data: [], suggestion: 'JNJ' });
  });

  it('a name search that matches nothing suggests the company meant and says why it is empty (#49)', async () => {
    const jp = await list('q=JP%20Morgan');
    expect(jp).toMatchObject({ total: 0, data: [], suggestion: 'JPM' });
    expect(jp.note).toMatch(
      /^No instrument whose ticker or name matches "jp morgan" among the \d+ this server holds; did you mean JPM \(JPMorgan Chase & Co\.\)\?$/,
    );
    expect((await list('q=pfiser')).suggestion).toBe('PFE');
    const filtered = await list('sector=Nowhere');
    expect(filtered.suggestion).toBeUndefined();
    expect(filtered.note).toMatch(/^No instrument passes these filters among the \d+ this server holds\.$/);
    expect((await list('q=pfizer')).note).toBeUndefined();
  });

  it('filters by sector, asset class, exchange and status, without regard to case', async () => {
    const health = await all('sector=health%20care', 20);
    const expected = constituents().filter((i) => i.sector === 'Health Care');
    expect(health.total).toBe(expected.length);
    expect(health.rows.map((d) => d.ticker)).toEqual(expected.map((i) => i.ticker).sort());
    expect((await list('sector=Health%20Care&q=pfizer')).data.map((d) => d.ticker)).toEqual(['PFE']);
    expect((await list('active=false')).data.map((d) => d.ticker)).toEqual(['GE']);
    // SPY came with its bars only: an XNYS equity named by its ticker until reference data name it.
    expect((await list('exchange=xnys&asset_class=EQUITY')).total).toBe(506);
    expect((await list('exchange=XNAS')).total).toBe(0);
    expect((await list('asset_class=etf')).total).toBe(0);
    expect((await list('q=spy')).data[0]).toMatchObject({ ticker: 'SPY', name: 'SPY', match: 'ticker' });
  });

  it('pages through everything once, in order, whatever the page size', async () => {
    const one = await all('active=all', 1000);
    expect(one.total).toBe(506);
    const small = await all('active=all', 37);
    expect(small.rows.map((d) => d.ticker)).toEqual(one.rows.map((d) => d.ticker));
    expect(new Set(small.rows.map((d) => d.ticker)).size).toBe(506);
    const searched = await all('q=co', 1000);
    const paged = await all('q=co', 3);
    expect(paged.rows).toEqual(searched.rows);
    expect(paged.total).toBe(searched.rows.length);
  });

  it('states each instrument’s first and last bar known at as_of, never a later one', async () => {
    const { rows } = await all('active=all', 1000);
    const byTicker = new Map(rows.map((d) => [d.ticker, d]));
    for (const t of POOKSOFT_TICKERS) {
      const file = pooksoftRows(t).filter((r) => r.date <= KNOWN_THROUGH);
      expect(byTicker.get(t), t).toMatchObject({
        first_bar: file[0]?.date,
        last_bar: file.at(-1)?.date,
        known_through: KNOWN_THROUGH,
        stale: false,
        source: `csv:DA-${t}-T-2021-04-21.csv`,
      });
    }
    // A constituent without bars: nothing known, so stale while active.
    expect(byTicker.get('ABBV')).toMatchObject({
      first_bar: null,
      last_bar: null,
      stale: true,
      source: 'constituents.csv',
    });
    expect(rows.every((d) => d.last_bar === null || d.last_bar <= KNOWN_THROUGH)).toBe(true);
  });

  it('/instruments/{ticker}: the same view with its bars, splits and dividends counted at as_of', async () => {
    const res = await server.get('/api/v1/instruments/aapl', key);
    expect(res.statusCode, res.body).toBe(200);
    const known = pooksoftRows('AAPL').filter((r) => r.date <= KNOWN_THROUGH);
    expect(res.json()).toEqual({
      // The test's clock starts at AS_OF and runs.
      as_of: expect.stringMatching(/^2014-06-10T12:0\d:\d\dZ$/),
      data: {
        ticker: 'AAPL',
        name: 'Apple Inc.',
        asset_class: 'equity',
        exchange: 'XNYS',
        currency: 'USD',
        sector: 'Information Technology',
        industry: null,
        calendar: 'XNYS',
        active: true,
        delisted_on: null,
        first_bar: known[0]?.date,
        last_bar: KNOWN_THROUGH,
        known_through: KNOWN_THROUGH,
        stale: false,
        stale_reason: null,
        source: 'csv:DA-AAPL-T-2021-04-21.csv',
        price_basis: 'raw',
        bar_count: known.length,
        // 2000-06-21, 2005-02-28 and 2014-06-09 (the as_of's last session); dividends from 2012 on.
        split_count: known.filter((r) => r.split !== 1).length,
        dividend_count: known.filter((r) => r.dividend > 0).length,
        // Nothing a read would flag (ADR 0080).
        data_issues: [],
      },
    });
    expect(known.filter((r) => r.split !== 1).length).toBe(3);
    const { bar_count: _b, split_count: _s, dividend_count: _d, data_issues: _i, ...view } = res.json().data;
    expect((await list('q=aapl&limit=1')).data[0]).toEqual({ ...view, match: 'ticker' });
  });

  it('/instruments/{ticker}: an unknown ticker is a 404 naming the closest one', async () => {
    const body = expectProblem(await server.get('/api/v1/instruments/JNJX', key), 404, 'not_found');
    expect(body.suggestion).toBe('JNJ');
    expect(body.detail).toContain('Did you mean JNJ?');
    const odd = expectProblem(await server.get('/api/v1/instruments/%E2%9C%93', key), 404, 'not_found');
    expect(odd.suggestion).toBeUndefined();
  });

  it('refuses malformed parameters with a problem naming them', async () => {
    for (const [query, pointer] of [
      ['limit=0', '/query/limit'],
      ['limit=1001', '/query/limit'],
      ['active=maybe', '/query/active'],
      ['q=a%00b', '/query/q'],
      ['cursor=bm90LWEtY3Vyc29y', '/query/cursor'],
      ['size=3', '/query'],
    ] as const) {
      const body = expectProblem(
        await server.get(`/api/v1/instruments?${query}`, key),
        422,
        'validation_failed',
      );
      expect(JSON.stringify(body.errors), query).toContain(pointer);
    }
    // A search's cursor does not page a plain listing.
    const searched = await list('q=a&limit=1');
    expectProblem(
      await server.get(`/api/v1/instruments?limit=1&cursor=${searched.next_cursor}`, key),
      422,
      'validation_failed',
    );
  });
  it('finds an instrument and its bars as soon as they are written (the in-memory master is renewed)', async () => {
    expect((await list('q=quokka')).total).toBe(0);
    // Written last in this file: the counts above are of the seeded market.
    const quokka: Instrument = {
      ...(constituents()[0] as Instrument),
      ticker: 'QQKX',
      name: 'Quokka Quartz Holdings',
      source: 'test',
    };
    await server.platform.market.write({ source: 'test', instruments: [quokka] });
    expect((await list('q=quokka')).data).toEqual([
      expect.objectContaining({
        ticker: 'QQKX',
        first_bar: null,
        last_bar: null,
        stale: true,
        match: 'name_prefix',
      }),
    ]);
    const bar = { open: 10, high: 11, low: 9, close: 10.5, volume: 1000 };
    await server.platform.market.write({
      source: 'test',
      bars: [
        {
          ticker: 'QQKX',
          bars: [
            { date: '2014-06-06', ...bar },
            { date: KNOWN_THROUGH, ...bar },
            { date: '2014-06-10', ...bar },
          ],
        },
      ],
    });
    expect((await list('q=quokka')).data[0]).toMatchObject({
      first_bar: '2014-06-06',
      last_bar: KNOWN_THROUGH,
      stale: false,
      source: 'test',
    });
  });

  it('serves each instrument’s industry and delisting date, and lists by industry without regard to case', async () => {
    // Null until reference data say (every instrument of the seeded market).
    expect((await list('q=pfe&limit=1')).data[0]).toMatchObject({ industry: null, delisted_on: null });
    expect((await list('q=ge&limit=1')).data[0]).toMatchObject({
      ticker: 'GE',
      active: false,
      delisted_on: null,
    });
    const seeded = new Map((await server.platform.market.listInstruments()).map((i) => [i.ticker, i]));
    const at = (t: string) => seeded.get(t) as Instrument;
    await server.platform.market.write({
      source: 'reference',
      instruments: [
        { ...at('PFE'), industry: 'Pharmaceutical Preparations' },
        { ...at('MRK'), industry: 'Pharmaceutical Preparations' },
        { ...at('AAPL'), industry: 'Electronic Computers' },
        { ...at('GE'), industry: 'Electric Services', delisted_on: '2014-06-02' },
      ],
    });
    const pharma = await list('industry=pharmaceutical%20PREPARATIONS');
    expect(pharma.data.map((d) => [d.ticker, d.industry])).toEqual([
      ['MRK', 'Pharmaceutical Preparations'],
      ['PFE', 'Pharmaceutical Preparations'],
    ]);
    expect(pharma.total).toBe(2);
    // The whole label: a word of it matches nothing; beside sector, both must hold.
    expect((await list('industry=pharmaceutical')).total).toBe(0);
    expect((await list('industry=Pharmaceutical%20Preparations&sector=Energy')).total).toBe(0);
    expect((await list('industry=Electronic%20Computers&sector=information%20technology')).data).toEqual([
      expect.objectContaining({ ticker: 'AAPL', industry: 'Electronic Computers' }),
    ]);
    expect((await list('industry=Electric%20Services')).parameters).toMatchObject({
      industry: 'Electric Services',
    });
    const one = await server.get('/api/v1/instruments/GE', key);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      ticker: 'GE',
      active: false,
      industry: 'Electric Services',
      delisted_on: '2014-06-02',
    });
    const body = expectProblem(
      await server.get(`/api/v1/instruments?industry=${'x'.repeat(121)}`, key),
      422,
      'validation_failed',
    );
    expect(JSON.stringify(body.errors)).toContain('/query/industry');
  });
});

function order(tier: string | undefined): number {
  return ['ticker', 'ticker_prefix', 'name_prefix', 'name_words', 'contains'].indexOf(tier ?? '');
}
