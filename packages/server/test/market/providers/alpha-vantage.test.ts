import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bar, CorporateAction } from '../../../src/market/ingest/types.js';
import { AlphaVantageProvider, ProviderError } from '../../../src/market/providers/index.js';
import { FakeProviderServer } from './fake-provider-server.js';
import { describeProviderContract } from './provider-contract.js';

const KEY = 'AVTESTKEY7Q2M';
const NOW = () => new Date('2024-01-12T22:00:00Z');

/** `TIME_SERIES_DAILY_ADJUSTED` as Alpha Vantage's documentation shows it: newest day first, strings. */
const json = (bars: readonly Bar[], actions: readonly CorporateAction[]) =>
  JSON.stringify({
    'Meta Data': {
      '1. Information': 'Daily Time Series with Splits and Dividend Events',
      '2. Symbol': 'ACME',
      '3. Last Refreshed': bars.at(-1)?.date,
      '4. Output Size': 'Compact',
      '5. Time Zone': 'US/Eastern',
    },
    'Time Series (Daily)': Object.fromEntries(
      [...bars].reverse().map((b) => {
        const on = (kind: CorporateAction['kind']) =>
          actions.find((a) => a.date === b.date && a.kind === kind)?.value;
        return [
          b.date,
          {
            '1. open': b.open.toFixed(4),
            '2. high': b.high.toFixed(4),
            '3. low': b.low.toFixed(4),
            '4. close': b.close.toFixed(4),
            '5. adjusted close': b.close.toFixed(4),
            '6. volume': String(b.volume),
            '7. dividend amount': (on('dividend') ?? 0).toFixed(4),
            '8. split coefficient': (on('split') ?? 1).toFixed(1),
          },
        ];
      }),
    ),
  });

const NOTE =
  'Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day. Please subscribe to any of the premium plans to instantly remove all daily rate limits.';

describeProviderContract({
  name: 'Alpha Vantage',
  make: (baseUrl) => new AlphaVantageProvider(KEY, baseUrl, NOW),
  basis: 'raw',
  serve: (bars, actions) => ({ headers: { 'content-type': 'application/json' }, body: json(bars, actions) }),
  truncated: (bars) => ({ body: json(bars, []).slice(0, -60) }),
  emptyRange: { body: json([], []) },
  unknownSymbol: {
    answer: {
      body: JSON.stringify({
        'Error Message':
          'Invalid API call. Please retry or visit the documentation (https://www.alphavantage.co/documentation/) for TIME_SERIES_DAILY_ADJUSTED.',
      }),
    },
    reads: 'error',
  },
  throttleIn200: {
    body: JSON.stringify({
      Note: 'Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day.',
    }),
  },
  secret: { value: KEY, travelsIn: 'query' },
  checkRequests([req, ...more], ticker) {
    expect(more).toEqual([]);
    if (req === undefined) throw new Error('no request');
    expect(req.url.pathname).toBe('/query');
    expect(req.url.searchParams.get('function')).toBe('TIME_SERIES_DAILY_ADJUSTED');
    expect(req.url.searchParams.get('symbol')).toBe(ticker);
    expect(req.url.searchParams.get('apikey')).toBe(KEY);
  },
});

describe('Alpha Vantage specifics', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await FakeProviderServer.start();
  });
  afterAll(() => fake.close());
  const fail = async (body: unknown): Promise<ProviderError> => {
    fake.handler = () => ({ body: JSON.stringify(body) });
    try {
      await new AlphaVantageProvider(KEY, fake.baseUrl, NOW).dailyBars('ACME', {
        from: '2024-01-02',
        to: '2024-01-11',
      });
    } catch (e) {
      if (e instanceof ProviderError) return e;
      throw e;
    }
    throw new Error('expected a ProviderError');
  };

  it('reads its daily-limit Information notice as throttled, and a premium notice as a plan refusal', async () => {
    expect((await fail({ Information: NOTE })).kind).toBe('throttled');
    const premium = await fail({
      Information:
        'Thank you for using Alpha Vantage! This is a premium endpoint. You may subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly unlock all premium endpoints',
    });
    expect(premium.kind).toBe('unauthorized');
  });

  it('reads an Error Message about the key as unauthorized', async () => {
    const e = await fail({
      'Error Message':
        'the parameter apikey is invalid or missing. Please claim your free API key on (https://www.alphavantage.co/support/#api-key).',
    });
    expect([e.kind, e.retryable]).toEqual(['unauthorized', false]);
  });

  it('asks for the compact series for a recent range and the full one otherwise', async () => {
    fake.handler = () => ({ body: json([], []) });
    const p = new AlphaVantageProvider(KEY, fake.baseUrl, NOW);
    fake.seen.length = 0;
    await p.dailyBars('ACME', { from: '2024-01-08', to: '2024-01-11' });
    await p.dailyBars('ACME', { from: '2004-01-02', to: '2024-01-11' });
    expect(fake.seen.map((r) => r.url.searchParams.get('outputsize'))).toEqual(['compact', 'full']);
  });

  it('reads NEWS_SENTIMENT articles oldest first, ids from their URLs; an unknown ticker’s invalid-inputs notice as unknown', async () => {
    const p = new AlphaVantageProvider(KEY, fake.baseUrl, NOW);
    fake.handler = () => ({
      body: JSON.stringify({
        items: '2',
        sentiment_score_definition: 'x <= -0.35: Bearish; ...',
        feed: [
          {
            title: 'Acme beats estimates',
            url: 'https://example.test/b',
            time_published: '20240110T213000',
            summary: 'Earnings beat.',
            source: 'Reuters',
            overall_sentiment_score: 0.3,
          },
          {
            title: 'Acme opens plant',
            url: 'https://example.test/a',
            time_published: '20240105T120000',
            summary: '',
            source: 'Motley Fool',
          },
        ],
      }),
    });
    fake.seen.length = 0;
    const items = await p.news('acme', { from: '2024-01-01', to: '2024-01-12' });
    expect(items.map((i) => [i.published_at, i.source, i.headline, i.summary ?? null, i.url])).toEqual([
      ['2024-01-05T12:00:00.000Z', 'Motley Fool', 'Acme opens plant', null, 'https://example.test/a'],
      [
        '2024-01-10T21:30:00.000Z',
        'Reuters',
        'Acme beats estimates',
        'Earnings beat.',
        'https://example.test/b',
      ],
    ]);
    expect(items[0]?.id).toMatch(/^alphavantage:[0-9a-f]{40}$/);
    expect(Object.fromEntries(fake.seen[0]?.url.searchParams ?? [])).toMatchObject({
      function: 'NEWS_SENTIMENT',
      tickers: 'ACME',
      time_from: '20240101T0000',
      time_to: '20240112T2359',
    });
    fake.handler = () => ({
      body: JSON.stringify({
        Information:
          'Invalid inputs. Please refer to the API documentation https://www.alphavantage.co/documentation#newsapi and try again.',
      }),
    });
    await expect(p.news('ZZZZ', { from: '2024-01-01', to: '2024-01-12' })).rejects.toMatchObject({
      kind: 'unknown_symbol',
    });
    fake.handler = () => ({ body: JSON.stringify({ Information: NOTE }) });
    await expect(p.news('ACME', { from: '2024-01-01', to: '2024-01-12' })).rejects.toMatchObject({
      kind: 'throttled',
    });
  });
});
