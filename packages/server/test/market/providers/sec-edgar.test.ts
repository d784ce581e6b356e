import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, SecEdgarFilings } from '../../../src/market/providers/index.js';
import { type FakeAnswer, FakeProviderServer } from './fake-provider-server.js';

const UA = 'Bellwether tests ops@example.test';
const RANGE = { from: '2024-01-01', to: '2024-03-31' };

/** `company_tickers.json` as the SEC publishes it: an object of rows keyed by position. */
const TICKERS = JSON.stringify({
  '0': { cik_str: 42, ticker: 'ACME', title: 'Acme Corp' },
  '1': { cik_str: 7, ticker: 'BETA', title: 'Beta Inc' },
});

/** `submissions/CIK##########.json`: `filings.recent` as parallel column arrays, newest first. */
const SUBMISSIONS = JSON.stringify({
  cik: '42',
  name: 'Acme Corp',
  tickers: ['ACME'],
  filings: {
    recent: {
      accessionNumber: [
        '0000000042-24-000040',
        '0000000042-24-000031',
        '0000000042-24-000020',
        '0000000042-24-000010',
        '0000000042-23-000090',
      ],
      filingDate: ['2024-04-02', '2024-03-01', '2024-02-15', '2024-01-10', '2023-12-20'],
      acceptanceDateTime: [
        '2024-04-02T16:05:00.000Z',
        '2024-03-01T21:30:12.000Z',
        '2024-02-15T12:00:00.000Z',
        '',
        '2023-12-20T13:00:00.000Z',
      ],
      form: ['8-K', '4', '10-Q/A', '8-K', '10-K'],
      primaryDocument: ['a8k.htm', 'form4.xml', 'q.htm', 'b8k.htm', 'k.htm'],
      primaryDocDescription: ['8-K', '', 'Amended quarterly report', 'Results of Operations', '10-K'],
    },
  },
});

describe('SEC EDGAR filings as news', () => {
  let fake: FakeProviderServer;
  const answer = (tickers: FakeAnswer, submissions: FakeAnswer) => (path: string) =>
    path === '/files/company_tickers.json'
      ? tickers
      : path === '/submissions/CIK0000000042.json'
        ? submissions
        : { status: 404 };
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());
  const edgar = () => new SecEdgarFilings(UA, { www: fake.baseUrl, data: fake.baseUrl });

  it('reads the issuer’s material filings inside the range as dated items, oldest first, with a descriptive User-Agent', async () => {
    const route = answer({ body: TICKERS }, { body: SUBMISSIONS });
    fake.handler = (req) => route(req.url.pathname);
    fake.seen.length = 0;
    const items = await edgar().news('acme', RANGE);
    expect(items).toEqual([
      {
        id: 'sec:0000000042-24-000010',
        published_at: '2024-01-10T00:00:00Z',
        source: 'SEC EDGAR',
        headline: 'Acme Corp files 8-K: Results of Operations',
        url: 'https://www.sec.gov/Archives/edgar/data/42/000000004224000010/b8k.htm',
        tickers: ['ACME'],
      },
      {
        id: 'sec:0000000042-24-000020',
        published_at: '2024-02-15T12:00:00Z',
        source: 'SEC EDGAR',
        headline: 'Acme Corp files 10-Q/A: Amended quarterly report',
        url: 'https://www.sec.gov/Archives/edgar/data/42/000000004224000020/q.htm',
        tickers: ['ACME'],
      },
    ]);
    for (const r of fake.seen) expect(r.headers['user-agent']).toBe(UA);
    // The ticker table is read once per instance.
    const p = edgar();
    await p.news('ACME', RANGE);
    await p.news('ACME', RANGE);
    expect(fake.seen.filter((r) => r.url.pathname === '/files/company_tickers.json')).toHaveLength(2);
  });

  it('tells an unknown ticker, a refused User-Agent and a truncated body apart', async () => {
    const kind = async (f: () => Promise<unknown>) => {
      try {
        await f();
      } catch (e) {
        if (e instanceof ProviderError) return e.kind;
        throw e;
      }
      return 'no error';
    };
    const route = answer({ body: TICKERS }, { body: SUBMISSIONS.slice(0, -50) });
    fake.handler = (req) => route(req.url.pathname);
    expect(await kind(() => edgar().news('ZZZZ', RANGE))).toBe('unknown_symbol');
    expect(await kind(() => edgar().news('ACME', RANGE))).toBe('malformed');
    fake.handler = () => ({ status: 403, body: 'Your Request Originates from an Undeclared Automated Tool' });
    expect(await kind(() => edgar().news('ACME', RANGE))).toBe('unauthorized');
  });

  it('reads the ticker table again after a failed read', async () => {
    const p = edgar();
    fake.handler = () => ({ status: 503 });
    await expect(p.news('ACME', RANGE)).rejects.toMatchObject({ kind: 'unavailable' });
    const route = answer({ body: TICKERS }, { body: SUBMISSIONS });
    fake.handler = (req) => route(req.url.pathname);
    expect(await p.news('ACME', RANGE)).toHaveLength(2);
  });

  it('refuses a User-Agent without a contact address', () => {
    expect(() => new SecEdgarFilings('bellwether')).toThrow(RangeError);
  });
});
