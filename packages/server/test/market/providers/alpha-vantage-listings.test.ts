/**
 * Alpha Vantage's LISTING_STATUS against a loopback stand-in. The CSV's shape is the one Alpha Vantage's
 * documentation gives ("Listing & Delisting Status": `symbol,name,exchange,assetType,ipoDate,delistingDate,
 * status`, `state=active|delisted`), with what answers recorded in public client code show beside it: CRLF
 * line ends, `null` for an unknown date, exchange names (`NYSE ARCA`, `BATS`), a quoted name holding a
 * comma; plus a symbol listed twice (used again by another company). Its refusals are Alpha Vantage's
 * HTTP-200 JSON notices, worded as in alpha-vantage.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AlphaVantageListings } from '../../../src/market/providers/alpha-vantage/alpha-vantage-listings.js';
import { ProviderError } from '../../../src/market/providers/index.js';
import { FakeProviderServer } from './fake-provider-server.js';

const KEY = 'AVLISTKEY4R8T';

const DELISTED = [
  'symbol,name,exchange,assetType,ipoDate,delistingDate,status',
  'AAAP,Advanced Accelerator Applications SA,NASDAQ,Stock,2015-11-11,2018-02-21,Delisted',
  'AAI,"AIRTRAN HOLDINGS, INC",NYSE,Stock,2001-09-17,2011-11-30,Delisted',
  'ACWF,iShares Edge MSCI Multifactor Global ETF,BATS,ETF,2015-04-30,2020-05-04,Delisted',
  // A symbol used twice: the later delisting is the one kept.
  'RE1,Reused One Corp,NYSE,Stock,2001-01-02,2009-06-30,Delisted',
  'RE1,Reused Two Inc,NYSE ARCA,Stock,2012-03-01,2023-12-29,Delisted',
  '',
].join('\r\n');

const ACTIVE = [
  'symbol,name,exchange,assetType,ipoDate,delistingDate,status',
  'A,Agilent Technologies Inc,NYSE,Stock,1999-11-18,null,Active',
  'AAA,AXS First Priority CLO Bond ETF,NYSE ARCA,ETF,2020-09-09,null,Active',
  'ZZZ,Zed Holdings,OTC,Stock,2020-01-02,null,Active',
  '',
].join('\r\n');

const throttle = (field: 'Note' | 'Information', text: string) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ [field]: text }),
});

async function kind(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    expect(e.message).not.toContain(KEY);
    return e.kind;
  }
}

describe('Alpha Vantage LISTING_STATUS', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.seen.length = 0;
  });

  it('reads every delisted listing in one request: name, exchange as a MIC, delisting date', async () => {
    fake.handler = () => ({ headers: { 'content-type': 'application/x-download' }, body: DELISTED });
    const refs = await new AlphaVantageListings(KEY, fake.baseUrl).references();
    expect(fake.seen).toHaveLength(1);
    const q = fake.seen[0]?.url;
    expect([q?.pathname, q?.searchParams.get('function'), q?.searchParams.get('state')]).toEqual([
      '/query',
      'LISTING_STATUS',
      'delisted',
    ]);
    expect(q?.searchParams.get('apikey')).toBe(KEY);
    expect(Object.fromEntries(refs)).toEqual({
      AAAP: {
        ticker: 'AAAP',
        name: 'Advanced Accelerator Applications SA',
        exchange: 'XNAS',
        active: false,
        delisted_on: '2018-02-21',
      },
      AAI: {
        ticker: 'AAI',
        name: 'AIRTRAN HOLDINGS, INC',
        exchange: 'XNYS',
        active: false,
        delisted_on: '2011-11-30',
      },
      ACWF: {
        ticker: 'ACWF',
        name: 'iShares Edge MSCI Multifactor Global ETF',
        exchange: 'BATS',
        active: false,
        delisted_on: '2020-05-04',
      },
      RE1: {
        ticker: 'RE1',
        name: 'Reused Two Inc',
        exchange: 'ARCX',
        active: false,
        delisted_on: '2023-12-29',
      },
    });
  });

  it('reads the active list with `null` dates as no delisting, and an unknown exchange as none', async () => {
    fake.handler = () => ({ body: ACTIVE });
    const listings = new AlphaVantageListings(KEY, fake.baseUrl, 'active');
    expect(listings.referenceFields).toEqual(['name', 'exchange', 'active']);
    const refs = await listings.references();
    expect(fake.seen[0]?.url.searchParams.get('state')).toBe('active');
    expect([...refs.values()]).toEqual([
      { ticker: 'A', name: 'Agilent Technologies Inc', exchange: 'XNYS', active: true },
      { ticker: 'AAA', name: 'AXS First Priority CLO Bond ETF', exchange: 'ARCX', active: true },
      { ticker: 'ZZZ', name: 'Zed Holdings', active: true },
    ]);
  });

  it('the delisted list is asked for listing status only', () => {
    expect(new AlphaVantageListings(KEY, fake.baseUrl).referenceFields).toEqual(['active']);
  });

  it('reads the HTTP-200 rate-limit notices as throttled, a premium refusal and a refused key as unauthorized', async () => {
    const listings = new AlphaVantageListings(KEY, fake.baseUrl);
    fake.handler = () =>
      throttle(
        'Note',
        'Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day.',
      );
    expect(await kind(listings.references())).toBe('throttled');
    fake.handler = () =>
      throttle(
        'Information',
        'Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day. Please subscribe to any of the premium plans to instantly remove all daily rate limits.',
      );
    expect(await kind(listings.references())).toBe('throttled');
    fake.handler = () =>
      throttle('Information', 'Thank you for using Alpha Vantage! This is a premium endpoint.');
    expect(await kind(listings.references())).toBe('unauthorized');
    fake.handler = () => ({
      body: JSON.stringify({
        'Error Message': 'the parameter apikey is invalid or missing. Please claim your free API key.',
      }),
    });
    expect(await kind(listings.references())).toBe('unauthorized');
  });

  it('reads a 500 as unavailable, a 429 as throttled', async () => {
    const listings = new AlphaVantageListings(KEY, fake.baseUrl);
    fake.handler = () => ({ status: 500, body: 'Internal Server Error' });
    expect(await kind(listings.references())).toBe('unavailable');
    fake.handler = () => ({ status: 429, headers: { 'retry-after': '60' }, body: '' });
    expect(await kind(listings.references())).toBe('throttled');
  });

  it('uses nothing of a truncated answer, nor of one that is not the listings CSV', async () => {
    const listings = new AlphaVantageListings(KEY, fake.baseUrl);
    // Cut inside a row, in its status, and in its name.
    for (const cut of [DELISTED.indexOf('Delisted\r\nAAI') + 5, DELISTED.indexOf('Multifactor')]) {
      fake.handler = () => ({ body: DELISTED.slice(0, cut) });
      expect(await kind(listings.references())).toBe('malformed');
    }
    fake.handler = () => ({ body: '<html>maintenance</html>' });
    expect(await kind(listings.references())).toBe('malformed');
    fake.handler = () => ({ body: '{"Meta Data": ' });
    expect(await kind(listings.references())).toBe('malformed');
    fake.handler = () => ({ body: '{}' });
    expect(await kind(listings.references())).toBe('malformed');
  });
});
