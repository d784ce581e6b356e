import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bar, CorporateAction } from '../../../src/market/ingest/types.js';
import { PolygonProvider, ProviderError } from '../../../src/market/providers/index.js';
import { type FakeAnswer, FakeProviderServer, type SeenRequest } from './fake-provider-server.js';
import { describeProviderContract } from './provider-contract.js';

const KEY = 'polygon-test-key-9d1e';
/** Aggregates per page: small, so every answer of the contract is paginated through next_url. */
const PAGE = 3;

const ok = (results: unknown[], next?: string): FakeAnswer => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    status: 'OK',
    request_id: 'req-1',
    resultsCount: results.length,
    results,
    ...(next === undefined ? {} : { next_url: next }),
  }),
});

/**
 * Polygon's documented answers: daily aggregates (`t` = the session's start in New York, epoch ms),
 * paginated by `next_url` with a cursor; splits with `split_from`/`split_to`; cash dividends on their
 * ex-dates. The reference lists honour their date filters.
 */
function polygon(bars: readonly Bar[], actions: readonly CorporateAction[], req: SeenRequest): FakeAnswer {
  const q = req.url.searchParams;
  const within = (d: string, field: string) =>
    (q.get(`${field}.gte`) ?? '0000') <= d && d <= (q.get(`${field}.lte`) ?? '9999');
  if (req.url.pathname.startsWith('/v2/aggs/')) {
    const start = Number(q.get('cursor') ?? 0);
    const page = bars.slice(start, start + PAGE).map((b) => ({
      o: b.open,
      h: b.high,
      l: b.low,
      c: b.close,
      v: b.volume,
      vw: b.close,
      n: 1000,
      t: Date.parse(`${b.date}T05:00:00Z`),
    }));
    const next =
      start + PAGE < bars.length ? `${req.url.origin}${req.url.pathname}?cursor=${start + PAGE}` : undefined;
    return ok(page, next);
  }
  if (req.url.pathname === '/v3/reference/splits')
    return ok(
      actions
        .filter((a) => a.kind === 'split' && within(a.date, 'execution_date'))
        .map((a) => ({
          execution_date: a.date,
          split_from: 1,
          split_to: a.value,
          ticker: 'ACME',
          id: `s-${a.date}`,
        })),
    );
  if (req.url.pathname === '/v3/reference/dividends')
    return ok(
      actions
        .filter((a) => a.kind === 'dividend' && within(a.date, 'ex_dividend_date'))
        .map((a) => ({
          cash_amount: a.value,
          currency: 'USD',
          dividend_type: 'CD',
          ex_dividend_date: a.date,
          frequency: 4,
          ticker: 'ACME',
        })),
    );
  return { status: 404, body: JSON.stringify({ status: 'NOT_FOUND', request_id: 'req-1' }) };
}

const EMPTY: FakeAnswer = ok([]);

describeProviderContract({
  name: 'Polygon',
  make: (baseUrl) => new PolygonProvider(KEY, baseUrl),
  basis: 'raw',
  serve: polygon,
  truncated: (bars, req) => {
    const full = polygon(bars, [], req);
    return { body: (full.body as string).slice(0, -30) };
  },
  emptyRange: EMPTY,
  unknownSymbol: { answer: EMPTY, reads: 'no bars' },
  secret: { value: KEY, travelsIn: 'header' },
  checkRequests(reqs, ticker, range) {
    const paths = reqs.map((r) => r.url.pathname);
    expect(paths[0]).toBe(`/v2/aggs/ticker/${ticker}/range/1/day/${range.from}/${range.to}`);
    expect(reqs[0]?.url.searchParams.get('adjusted')).toBe('false');
    // Eight bars in pages of three, then the two reference lists.
    expect(paths.filter((p) => p.startsWith('/v2/aggs/'))).toHaveLength(3);
    expect(paths).toContain('/v3/reference/splits');
    expect(paths).toContain('/v3/reference/dividends');
    for (const r of reqs) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
  },
});

describe('Polygon specifics', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());

  it('refuses a next_url that leaves the provider (it would carry the key elsewhere)', async () => {
    fake.handler = (req) =>
      req.url.pathname.startsWith('/v2/aggs/')
        ? ok([], 'https://elsewhere.example/v2/aggs/x?cursor=1')
        : ok([]);
    const p = new PolygonProvider(KEY, fake.baseUrl);
    await expect(p.dailyBars('ACME', { from: '2024-01-02', to: '2024-01-11' })).rejects.toMatchObject({
      kind: 'malformed',
    });
  });

  it('reads an answer whose status is ERROR as malformed, and a 403 (plan) as unauthorized', async () => {
    const p = new PolygonProvider(KEY, fake.baseUrl);
    fake.handler = () => ({ body: JSON.stringify({ status: 'ERROR', error: 'bad request' }) });
    await expect(p.dailyBars('ACME', { from: '2024-01-02', to: '2024-01-11' })).rejects.toBeInstanceOf(
      ProviderError,
    );
    fake.handler = () => ({ status: 403, body: JSON.stringify({ status: 'NOT_AUTHORIZED' }) });
    await expect(p.dailyBars('ACME', { from: '2024-01-02', to: '2024-01-11' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('reads a ticker’s newest news in one request, returned oldest first, with the key in the header only', async () => {
    const article = (id: string, at: string, title: string) => ({
      id,
      publisher: { name: 'Benzinga' },
      title,
      author: 'x',
      published_utc: at,
      article_url: `https://example.test/${id}`,
      tickers: ['ACME', 'BETA'],
      description: `About ${title}`,
    });
    fake.seen.length = 0;
    // Newest first, as asked; a next page exists but is not read (one request on the key's budget).
    fake.handler = (req) =>
      ok(
        [
          article('a3', '2024-01-05T09:00:00Z', 'Acme hires'),
          article('a2', '2024-01-04T15:30:00Z', ''),
          article('a1', '2024-01-03T14:00:00Z', 'Acme ships'),
        ],
        `${req.url.origin}/v2/reference/news?cursor=3`,
      );
    const items = await new PolygonProvider(KEY, fake.baseUrl).news('acme', {
      from: '2024-01-02',
      to: '2024-01-11',
    });
    expect(items).toEqual([
      {
        id: 'polygon:a1',
        published_at: '2024-01-03T14:00:00.000Z',
        source: 'Benzinga',
        headline: 'Acme ships',
        summary: 'About Acme ships',
        url: 'https://example.test/a1',
        tickers: ['ACME'],
      },
      {
        id: 'polygon:a3',
        published_at: '2024-01-05T09:00:00.000Z',
        source: 'Benzinga',
        headline: 'Acme hires',
        summary: 'About Acme hires',
        url: 'https://example.test/a3',
        tickers: ['ACME'],
      },
    ]);
    const first = fake.seen[0];
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toMatchObject({
      ticker: 'ACME',
      'published_utc.gte': '2024-01-02T00:00:00Z',
      'published_utc.lte': '2024-01-11T23:59:59Z',
      order: 'desc',
    });
    expect(fake.seen).toHaveLength(1);
    for (const r of fake.seen) {
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(r.url.toString()).not.toContain(KEY);
    }
  });
});
