import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarketSyncConfig } from '../../../src/config/market-sync-config.js';
import { localDateOf } from '../../../src/market/calendar/local-time.js';
import type { Bar, CorporateAction } from '../../../src/market/ingest/types.js';
import { FinnhubNews, FinnhubProvider } from '../../../src/market/providers/index.js';
import type { SyncStateRepo } from '../../../src/market/store/sync-state-repo.js';
import { barSources } from '../../../src/market/sync/bar-sources.js';
import { type FakeAnswer, FakeProviderServer, type SeenRequest } from './fake-provider-server.js';
import { describeProviderContract } from './provider-contract.js';
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

/** New shares per old of every split after `date` (Finnhub adjusts its daily history for all of them). */
const laterFactor = (actions: readonly CorporateAction[], date: string) =>
  actions.filter((a) => a.kind === 'split' && a.date > date).reduce((f, a) => f * a.value, 1);

/**
 * Finnhub's documented answers (finnhub.io/docs/api/stock-candles, /splits, /dividends), from raw bars
 * and the ticker's actions:
 * - `/stock/candle`: `{c, h, l, o, s: "ok", t, v}`, `t` the session's midnight in New York in UNIX
 *   seconds (the documented sample's 1569297600 is 2019-09-24 00:00 EDT), honouring `from`/`to`; prices
 *   split-adjusted for every split after the bar (divided by the ratios; volumes multiplied), rounded to
 *   `decimals` when given; `{"s": "no_data"}` when nothing falls inside;
 * - `/stock/split`: `[{symbol, date, fromFactor, toFactor}]` inside `from`/`to`;
 * - `/stock/dividend`: `[{symbol, date (ex-date), amount, adjustedAmount, payDate, …}]` inside `from`/`to`.
 */
function finnhub(
  bars: readonly Bar[],
  actions: readonly CorporateAction[],
  req: SeenRequest,
  decimals?: number,
): FakeAnswer {
  const q = req.url.searchParams;
  const json = (x: unknown): FakeAnswer => ({
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(x),
  });
  const round = (x: number) => (decimals === undefined ? x : Number(x.toFixed(decimals)));
  if (req.url.pathname === '/api/v1/stock/candle') {
    const from = Number(q.get('from'));
    const to = Number(q.get('to'));
    const inside = bars
      .map((b) => ({ b, t: Date.parse(`${b.date}T00:00:00-05:00`) / 1000, f: laterFactor(actions, b.date) }))
      .filter(({ t }) => t >= from && t <= to);
    if (inside.length === 0) return json({ s: 'no_data' });
    return json({
      c: inside.map(({ b, f }) => round(b.close / f)),
      h: inside.map(({ b, f }) => round(b.high / f)),
      l: inside.map(({ b, f }) => round(b.low / f)),
      o: inside.map(({ b, f }) => round(b.open / f)),
      s: 'ok',
      t: inside.map(({ t }) => t),
      v: inside.map(({ b, f }) => b.volume * f),
    });
  }
  const within = (a: CorporateAction) =>
    (q.get('from') ?? '0000') <= a.date && a.date <= (q.get('to') ?? '9999');
  if (req.url.pathname === '/api/v1/stock/split')
    return json(
      actions
        .filter((a) => a.kind === 'split' && within(a))
        .map((a) => ({ symbol: 'ACME', date: a.date, fromFactor: 1, toFactor: a.value })),
    );
  if (req.url.pathname === '/api/v1/stock/dividend')
    return json(
      actions
        .filter((a) => a.kind === 'dividend' && within(a))
        .map((a) => ({
          symbol: 'ACME',
          date: a.date,
          amount: a.value,
          adjustedAmount: a.value / laterFactor(actions, a.date),
          payDate: a.date,
          recordDate: a.date,
          declarationDate: a.date,
          currency: 'USD',
          freq: '2',
        })),
    );
  return { status: 404, body: '{"error":"Not found"}' };
}

const NO_DATA: FakeAnswer = { body: '{"s":"no_data"}' };

describeProviderContract({
  name: 'Finnhub',
  make: (baseUrl) => new FinnhubProvider(KEY, baseUrl),
  basis: 'raw',
  serve: (bars, actions, req) => finnhub(bars, actions, req),
  truncated: (bars, req) => ({ body: (finnhub(bars, [], req).body as string).slice(0, -25) }),
  emptyRange: NO_DATA,
  unknownSymbol: { answer: NO_DATA, reads: 'no bars' },
  secret: { value: KEY, travelsIn: 'header' },
  checkRequests(reqs, ticker, range) {
    expect(reqs.map((r) => r.url.pathname)).toEqual([
      '/api/v1/stock/candle',
      '/api/v1/stock/split',
      '/api/v1/stock/dividend',
    ]);
    const [candle, split, dividend] = reqs.map((r) => Object.fromEntries(r.url.searchParams));
    expect(candle).toEqual({
      symbol: ticker,
      resolution: 'D',
      from: String(Date.parse(`${range.from}T00:00:00Z`) / 1000),
      to: String(Date.parse(`${range.to}T23:59:59Z`) / 1000),
    });
    // Splits up to today: the candles are adjusted for those after the range too.
    expect(split?.from).toBe(range.from);
    expect(split?.to).toBe(localDateOf('America/New_York', new Date()));
    expect(dividend).toEqual({ symbol: ticker, from: range.from, to: range.to });
    for (const r of reqs) expect(r.headers['x-finnhub-token']).toBe(KEY);
  },
});

describe('Finnhub daily bars, un-adjusted from its split-adjusted candles', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());
  /** The sync runs on 2024-06-28; Finnhub's candles are adjusted for every split up to then. */
  const finnhubBars = () => new FinnhubProvider(KEY, fake.baseUrl, () => new Date('2024-06-28T22:00:00Z'));
  const JAN = { from: '2024-01-02', to: '2024-01-10' };
  const DATES = [
    '2024-01-02',
    '2024-01-03',
    '2024-01-04',
    '2024-01-05',
    '2024-01-08',
    '2024-01-09',
    '2024-01-10',
  ];
  /** As traded: ~400 before a 4-for-1 split on 2024-01-05, ~100 after; sub-penny prints included. */
  const TRADED: Bar[] = DATES.map((date, i) => {
    const cents = i < 3 ? 40_001 + i * 137 : 10_003 + i * 41;
    return {
      date,
      open: (cents - 50) / 100,
      high: (cents + 125) / 100,
      // A sub-penny low, as consolidated prints have (Finnhub's documented sample: 217.1402).
      low: (cents * 100 - 15_001) / 1e4,
      close: cents / 100,
      volume: 1_000_001 + i * 7,
    };
  });
  const ACTIONS: CorporateAction[] = [
    { date: '2024-01-05', kind: 'split', value: 4 },
    { date: '2024-01-09', kind: 'dividend', value: 0.24 },
    // After the range: Finnhub's January candles are divided by it too.
    { date: '2024-03-01', kind: 'split', value: 3 },
  ];

  it('multiplies candles back by every later split, in the range and after it: prices as traded, volumes as traded', async () => {
    fake.seen.length = 0;
    fake.handler = (req) => finnhub(TRADED, ACTIONS, req);
    const answer = await finnhubBars().dailyBars('acme', JAN);
    // What Finnhub served for 2024-01-02: divided by 4 × 3 = 12 (volume multiplied by 12).
    const served = JSON.parse(finnhub(TRADED, ACTIONS, fake.seen[0] as SeenRequest).body as string);
    expect([served.c[0], served.v[0]]).toEqual([400.01 / 12, 12_000_012]);
    expect(answer.basis).toBe('raw');
    expect(answer.bars).toEqual(TRADED);
    expect(answer.bars.slice(0, 4).map((b) => [b.date, b.close, b.volume])).toEqual([
      ['2024-01-02', 400.01, 1_000_001],
      ['2024-01-03', 401.38, 1_000_008],
      ['2024-01-04', 402.75, 1_000_015],
      ['2024-01-05', 101.26, 1_000_022],
    ]);
    // Actions inside the range only, the dividend as paid (not Finnhub's split-adjusted amount).
    expect(answer.actions).toEqual([
      { date: '2024-01-05', kind: 'split', value: 4 },
      { date: '2024-01-09', kind: 'dividend', value: 0.24 },
    ]);
    expect(Object.fromEntries(fake.seen[1]?.url.searchParams ?? [])).toEqual({
      symbol: 'ACME',
      from: '2024-01-02',
      to: '2024-06-28',
    });
  });

  it('recovers traded prices within the split ratio times half the last digit when Finnhub rounds its adjusted prices', async () => {
    fake.handler = (req) => finnhub(TRADED, ACTIONS, req, 4);
    const answer = await finnhubBars().dailyBars('ACME', JAN);
    for (const [i, bar] of answer.bars.entries()) {
      const traded = TRADED[i] as Bar;
      const bound = laterFactor(ACTIONS, bar.date) * 0.00005 + 1e-9;
      for (const k of ['open', 'high', 'low', 'close'] as const)
        expect(Math.abs(bar[k] - traded[k])).toBeLessThanOrEqual(bound);
      // Rounded to four decimals: no binary noise is stored.
      expect(Math.round(bar.close * 1e4) / 1e4).toBe(bar.close);
      expect(bar.volume).toBe(traded.volume);
    }
  });

  it('asks neither splits nor dividends when the candles say no_data (an unknown symbol or a quiet range)', async () => {
    fake.seen.length = 0;
    fake.handler = () => NO_DATA;
    expect(await finnhubBars().dailyBars('NOPE', JAN)).toEqual({
      ticker: 'NOPE',
      bars: [],
      basis: 'raw',
      actions: [],
    });
    expect(fake.seen.map((r) => r.url.pathname)).toEqual(['/api/v1/stock/candle']);
  });

  it('reads a 403 as a plan without the endpoint (unauthorized, not retried), naming it, on any of the three', async () => {
    for (const path of ['/api/v1/stock/candle', '/api/v1/stock/split', '/api/v1/stock/dividend']) {
      fake.handler = (req) =>
        req.url.pathname === path
          ? { status: 403, body: `{"error":"You don't have access to this resource."}` }
          : finnhub(TRADED, ACTIONS, req);
      const e = await providerFailure(finnhubBars().dailyBars('ACME', JAN));
      expect([e.kind, e.status, e.retryable]).toEqual(['unauthorized', 403, false]);
      expect(e.message).toContain(`Finnhub plan does not include ${path}`);
      expect(e.message).not.toContain(KEY);
    }
    fake.handler = () => ({ status: 401, body: '{"error":"Invalid API key"}' });
    const refused = await providerFailure(finnhubBars().dailyBars('ACME', JAN));
    expect([refused.kind, refused.status]).toEqual(['unauthorized', 401]);
    expect(refused.message).not.toContain('plan');
  });

  it('reads a 429 on the splits request as throttled with its Retry-After; no URL or message holds the key', async () => {
    fake.seen.length = 0;
    fake.handler = (req) =>
      req.url.pathname === '/api/v1/stock/split'
        ? {
            status: 429,
            headers: { 'retry-after': '17' },
            body: `{"error":"API limit reached. Please try again later. Remaining Limit: 0 ${KEY}"}`,
          }
        : finnhub(TRADED, ACTIONS, req);
    const e = await providerFailure(finnhubBars().dailyBars('ACME', JAN));
    expect([e.kind, e.status, e.retryAfterSeconds]).toEqual(['throttled', 429, 17]);
    expect(`${e.message} ${e.stack}`).not.toContain(KEY);
    expect(fake.seen).toHaveLength(2);
    for (const r of fake.seen) {
      expect(r.url.href).not.toContain(KEY);
      expect(r.headers['x-finnhub-token']).toBe(KEY);
    }
  });

  it('refuses candles that jump at a split as if they were not split-adjusted (never multiplied twice)', async () => {
    // Raw prices served as candles: the 4-for-1 split shows as a fall from ~402 to ~101.
    fake.handler = (req) =>
      req.url.pathname === '/api/v1/stock/candle' ? finnhub(TRADED, [], req) : finnhub(TRADED, ACTIONS, req);
    const e = await providerFailure(finnhubBars().dailyBars('ACME', JAN));
    expect(e.kind).toBe('malformed');
    expect(e.message).toContain('2024-01-05 split');
  });

  it('refuses an answer whose columns differ in length or whose status is unknown', async () => {
    for (const body of [
      '{"c":[1,2],"h":[1,2],"l":[1,2],"o":[1,2],"s":"ok","t":[1704171600],"v":[5,6]}',
      '{"error":"You don\'t have access to this resource."}',
    ]) {
      fake.handler = () => ({ body });
      expect((await providerFailure(finnhubBars().dailyBars('ACME', JAN))).kind).toBe('malformed');
    }
  });
});

describe('Finnhub as a bar provider in the sync', () => {
  const state = { loadBudget: async () => undefined } as unknown as SyncStateRepo;

  it('is named in BELLWETHER_BAR_PROVIDERS with BELLWETHER_FINNHUB_KEY; a ticker costs three requests of 60 a minute and 30 a second', async () => {
    const errors: string[] = [];
    const env: Record<string, string> = {
      BELLWETHER_FINNHUB_KEY: KEY,
      BELLWETHER_FINNHUB_BASE_URL: 'http://127.0.0.1:9',
      BELLWETHER_BAR_PROVIDERS: 'finnhub, stooq',
    };
    const config = parseMarketSyncConfig(errors, (n) => env[n]);
    expect(errors).toEqual([]);
    const [source, next] = await barSources(config, state);
    expect(source?.provider).toBeInstanceOf(FinnhubProvider);
    expect(next?.provider.name).toBe('stooq');
    expect(source?.requestsPerTicker).toBe(3);
    expect(source?.budget.limits).toEqual({ perSecond: 30, perMinute: 60, perHour: 3_600, perDay: 86_400 });
    expect(source?.settings.baseUrl).toBe('http://127.0.0.1:9');
    expect(source?.budgetId).toMatch(/^finnhub:[0-9a-f]{12}$/);
  });

  it('is not a bar provider by default: a key set for the free news does not spend requests on paid candles', () => {
    const errors: string[] = [];
    const config = parseMarketSyncConfig(errors, (n) => (n === 'BELLWETHER_FINNHUB_KEY' ? KEY : undefined));
    expect(errors).toEqual([]);
    expect(config.bars).toEqual([]);
    expect(config.news).toEqual(['finnhub']);
  });
});
