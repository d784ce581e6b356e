import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinnhubNews } from '../../../src/market/providers/index.js';
import { FakeProviderServer } from './fake-provider-server.js';
import { providerFailure } from './provider-failure.js';

const KEY = 'finnhub-key-9QzX';
const RANGE = { from: '2024-01-01', to: '2024-01-31' };
const unix = (iso: string) => Date.parse(iso) / 1000;

/** `/api/v1/company-news` as Finnhub documents it: newest first, Unix-second times, numeric ids. */
const ARTICLES = JSON.stringify([
  {
    category: 'company',
    datetime: unix('2024-01-30T14:05:00Z'),
    headline: 'Acme raises full-year guidance',
    id: 125,
    image: '',
    related: 'ACME',
    source: 'Reuters',
    summary: 'Acme Corp lifted its outlook after strong holiday sales.',
    url: 'https://example.test/acme-guidance',
  },
  {
    category: 'company',
    datetime: unix('2024-01-12T09:00:00Z'),
    headline: '',
    id: 124,
    related: 'ACME',
    source: 'X',
    summary: '',
    url: '',
  },
  {
    category: 'company',
    datetime: unix('2024-01-10T21:30:00Z'),
    headline: 'Acme names new CFO',
    id: 123,
    image: '',
    related: 'ACME',
    source: 'Yahoo',
    summary: '',
    url: 'https://example.test/acme-cfo',
  },
  {
    category: 'company',
    datetime: unix('2023-12-29T10:00:00Z'),
    headline: 'Outside the range',
    id: 99,
    related: 'ACME',
    source: 'Y',
    summary: '',
    url: '',
  },
]);

describe('Finnhub company news', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());
  const finnhub = () => new FinnhubNews(KEY, fake.baseUrl);

  it('reads the range’s articles oldest first with stable ids, the key in a header and never in the URL', async () => {
    fake.handler = () => ({ body: ARTICLES });
    fake.seen.length = 0;
    expect(await finnhub().news('acme', RANGE)).toEqual([
      {
        id: 'finnhub:123',
        published_at: '2024-01-10T21:30:00.000Z',
        source: 'Yahoo',
        headline: 'Acme names new CFO',
        url: 'https://example.test/acme-cfo',
        tickers: ['ACME'],
      },
      {
        id: 'finnhub:125',
        published_at: '2024-01-30T14:05:00.000Z',
        source: 'Reuters',
        headline: 'Acme raises full-year guidance',
        summary: 'Acme Corp lifted its outlook after strong holiday sales.',
        url: 'https://example.test/acme-guidance',
        tickers: ['ACME'],
      },
    ]);
    const req = fake.seen[0];
    expect(req?.url.pathname).toBe('/api/v1/company-news');
    expect(Object.fromEntries(req?.url.searchParams ?? [])).toEqual({
      symbol: 'ACME',
      from: '2024-01-01',
      to: '2024-01-31',
    });
    expect(req?.headers['x-finnhub-token']).toBe(KEY);
    expect(req?.url.toString()).not.toContain(KEY);
  });

  it('reads an unknown symbol like a quiet range: no items', async () => {
    fake.handler = () => ({ body: '[]' });
    expect(await finnhub().news('ZZZZ', RANGE)).toEqual([]);
  });

  it('maps its documented failures, and no message shows the key', async () => {
    const cases = [
      [
        {
          status: 429,
          headers: { 'retry-after': '30' },
          body: '{"error":"API limit reached. Please try again later. Remaining Limit: 0"}',
        },
        'throttled',
      ],
      [{ status: 401, body: '{"error":"Invalid API key"}' }, 'unauthorized'],
      [{ status: 403, body: '{"error":"You don\'t have access to this resource."}' }, 'unauthorized'],
      [{ status: 500, body: 'oops' }, 'unavailable'],
      [{ body: ARTICLES.slice(0, 80) }, 'malformed'],
      [{ body: `{"error":"Invalid API key ${KEY}"}` }, 'malformed'],
    ] as const;
    for (const [answer, kind] of cases) {
      fake.handler = () => answer;
      const e = await providerFailure(finnhub().news('ACME', RANGE));
      expect(e.kind).toBe(kind);
      expect(e.message).not.toContain(KEY);
      if (kind === 'throttled') expect(e.retryAfterSeconds).toBe(30);
    }
  });
});
