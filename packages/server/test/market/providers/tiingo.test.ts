import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bar, CorporateAction } from '../../../src/market/ingest/types.js';
import { TiingoProvider } from '../../../src/market/providers/index.js';
import { FakeProviderServer } from './fake-provider-server.js';
import { describeProviderContract } from './provider-contract.js';

const TOKEN = 'tiingo-test-token-5f0c2a9e';

/**
 * Tiingo's end-of-day prices as its documentation shows them: raw OHLCV, the adjusted fields, and on
 * each row `divCash` (dividend with that date as ex-date) and `splitFactor` (1 when none).
 */
const json = (bars: readonly Bar[], actions: readonly CorporateAction[]) =>
  JSON.stringify(
    bars.map((b) => {
      const on = (kind: CorporateAction['kind']) =>
        actions.find((a) => a.date === b.date && a.kind === kind)?.value;
      return {
        date: `${b.date}T00:00:00.000Z`,
        close: b.close,
        high: b.high,
        low: b.low,
        open: b.open,
        volume: b.volume,
        adjClose: b.close,
        adjHigh: b.high,
        adjLow: b.low,
        adjOpen: b.open,
        adjVolume: b.volume,
        divCash: on('dividend') ?? 0,
        splitFactor: on('split') ?? 1,
      };
    }),
  );

describeProviderContract({
  name: 'Tiingo',
  make: (baseUrl) => new TiingoProvider(TOKEN, baseUrl),
  basis: 'raw',
  serve: (bars, actions) => ({ headers: { 'content-type': 'application/json' }, body: json(bars, actions) }),
  truncated: (bars) => ({ body: json(bars, []).slice(0, -40) }),
  emptyRange: { body: '[]' },
  unknownSymbol: {
    answer: { status: 404, body: JSON.stringify({ detail: "Error: Ticker 'NOPE' not found" }) },
    reads: 'error',
  },
  secret: { value: TOKEN, travelsIn: 'header' },
  checkRequests([req, ...more], ticker, range) {
    expect(more).toEqual([]);
    if (req === undefined) throw new Error('no request');
    expect(req.url.pathname).toBe(`/tiingo/daily/${ticker.toLowerCase()}/prices`);
    expect(req.url.searchParams.get('startDate')).toBe(range.from);
    expect(req.url.searchParams.get('endDate')).toBe(range.to);
    expect(req.headers.authorization).toBe(`Token ${TOKEN}`);
  },
});

describe('Tiingo news and meta data', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());

  it('reads news oldest first with stable ids, the token in the header only', async () => {
    fake.seen.length = 0;
    fake.handler = () => ({
      body: JSON.stringify([
        {
          id: 902,
          title: 'Acme raises prices',
          url: 'https://example.test/2',
          description: 'Up 5%.',
          publishedDate: '2024-01-09T13:00:00Z',
          crawlDate: '2024-01-09T13:05:00Z',
          source: 'reuters.com',
          tickers: ['acme'],
          tags: [],
        },
        {
          id: 901,
          title: 'Acme opens store',
          url: 'https://example.test/1',
          description: '',
          publishedDate: '2024-01-03T10:00:00+00:00',
          crawlDate: '2024-01-03T10:01:00Z',
          source: 'bloomberg.com',
          tickers: ['acme'],
          tags: [],
        },
      ]),
    });
    const items = await new TiingoProvider(TOKEN, fake.baseUrl).news('ACME', {
      from: '2024-01-02',
      to: '2024-01-10',
    });
    expect(items.map((i) => [i.id, i.published_at, i.source, i.headline, i.summary ?? null])).toEqual([
      ['tiingo:901', '2024-01-03T10:00:00.000Z', 'bloomberg.com', 'Acme opens store', null],
      ['tiingo:902', '2024-01-09T13:00:00.000Z', 'reuters.com', 'Acme raises prices', 'Up 5%.'],
    ]);
    const req = fake.seen[0];
    expect(req?.url.pathname).toBe('/tiingo/news');
    expect(Object.fromEntries(req?.url.searchParams ?? [])).toMatchObject({
      tickers: 'acme',
      startDate: '2024-01-02',
      endDate: '2024-01-10',
    });
    expect(req?.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(req?.url.toString()).not.toContain(TOKEN);
  });

  it('reads a ticker’s meta data as its name and exchange; an unknown ticker is a 404', async () => {
    const p = new TiingoProvider(TOKEN, fake.baseUrl);
    fake.handler = () => ({
      body: JSON.stringify({
        ticker: 'acme',
        name: 'Acme Corp',
        exchangeCode: 'NASDAQ',
        startDate: '1999-01-04',
        endDate: '2024-01-10',
        description: 'x',
      }),
    });
    expect(await p.reference('acme')).toEqual({ ticker: 'ACME', name: 'Acme Corp', exchange: 'XNAS' });
    fake.handler = () => ({ status: 404, body: '{"detail":"Not found."}' });
    await expect(p.reference('nope')).rejects.toMatchObject({ kind: 'unknown_symbol' });
  });
});
