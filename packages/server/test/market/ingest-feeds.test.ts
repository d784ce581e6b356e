import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseActions } from '../../src/market/ingest/actions.js';
import { parseNews } from '../../src/market/ingest/news.js';
import { parseQuotes } from '../../src/market/ingest/quotes.js';
import { parseTrades } from '../../src/market/ingest/trades.js';
import { fixture } from './ingest-fixtures.js';

describe('corporate actions CSV', () => {
  it('reads date,kind,value ascending and reports each bad row by line', () => {
    const r = parseActions(fixture('actions.csv'));
    expect(r.actions).toEqual([
      { date: '2020-08-07', kind: 'dividend', value: 0.82 },
      { date: '2020-08-31', kind: 'split', value: 4 },
    ]);
    expect(r.errors).toEqual([
      { line: 6, message: 'duplicate dividend on 2020-05-08 with a value different from line 5' },
      { line: 7, column: 'kind', message: 'kind must be split or dividend, found "bonus"' },
      { line: 8, column: 'value', message: 'value must be positive, found -0.77' },
      { line: 9, column: 'value', message: 'unparsable number "n/a"' },
      { line: 10, column: 'date', message: 'unreadable date "2019-13-01"' },
    ]);
    expect(r.records).toBe(9);
  });

  it('refuses a header without kind', () => {
    expect(parseActions('date,value\n2020-01-02,1\n').errors).toEqual([
      { line: 1, message: 'header lacks kind (expected date,kind,value)' },
    ]);
  });
});

describe('news NDJSON', () => {
  it('reads items, normalises times to UTC, collapses an identical repeat and reports the rest by line', () => {
    const r = parseNews(fixture('news.ndjson'));
    expect(r.items).toEqual(
      [
        {
          id: 'n1',
          published_at: '2024-01-02T14:35:00.000Z',
          source: 'Wire',
          headline: 'Apple opens lower',
          summary: 'Shares fell.',
          url: 'https://example.com/n1',
          tickers: ['AAPL'],
        },
        {
          id: 'n0',
          published_at: '2024-01-02T14:00:00.000Z',
          source: 'Wire',
          headline: 'Markets before the bell',
          summary: 'Futures flat.',
          tickers: [],
        },
      ].sort((a, b) => a.published_at.localeCompare(b.published_at)),
    );
    expect(r.errors.map((e) => [e.line, e.column ?? '', e.message])).toEqual([
      [5, 'published_at', 'published_at must be an ISO 8601 timestamp with an offset'],
      [6, 'source', 'missing source'],
      [7, '', expect.stringContaining('invalid JSON')],
      [8, 'tickers', 'tickers must be an array of non-empty strings'],
      [9, 'url', 'url must be an http(s) URL'],
      [11, 'id', 'duplicate id n6 with content different from line 10; every item with that id is left out'],
    ]);
  });
});

describe('trades CSV', () => {
  it('reads timestamp,price,size,side,condition in time order and reports bad rows by line', () => {
    const r = parseTrades(fixture('trades.csv'));
    expect(r.trades).toEqual([
      { ts: Date.parse('2024-01-02T14:30:00.050Z'), price: 185.05, size: 200, side: 'sell', condition: '@' },
      { ts: Date.parse('2024-01-02T14:30:00.100Z'), price: 185.1, size: 100, side: 'buy' },
      { ts: Date.parse('2024-01-02T14:30:01Z'), price: 185.2, size: 50 },
    ]);
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [5, 'timestamp'],
      [6, 'price'],
      [7, 'size'],
      [8, 'side'],
    ]);
  });
});

describe('quotes CSV', () => {
  it('reads timestamp,bid,ask,bid_size,ask_size, allows a locked quote and refuses a crossed one', () => {
    const r = parseQuotes(fixture('quotes.csv'));
    expect(r.quotes).toEqual([
      { ts: Date.parse('2024-01-02T14:30:00.000Z'), bid: 185, ask: 185.02, bid_size: 300, ask_size: 200 },
      { ts: Date.parse('2024-01-02T14:30:00.500Z'), bid: 185.01, ask: 185.01, bid_size: 100, ask_size: 100 },
    ]);
    expect(r.errors).toEqual([
      { line: 4, column: 'bid', message: 'crossed quote: bid 185.05 above ask 185' },
      { line: 5, column: 'bid_size', message: 'bid_size must be non-negative, found -1' },
      { line: 6, column: 'bid', message: 'unparsable number "x"' },
    ]);
  });
});

describe('every feed parser', () => {
  it.each([
    ['actions.csv', parseActions],
    ['news.ndjson', parseNews],
    ['trades.csv', parseTrades],
    ['quotes.csv', parseQuotes],
  ] as const)('gives the same result for %s however it is cut into chunks', (file, parse) => {
    const text = fixture(file);
    const whole = parse(text);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 10 }), (cuts) => {
        const at = [0, ...[...cuts].sort((a, b) => a - b), text.length];
        const chunks = at.slice(1).map((end, i) => text.slice(at[i], end));
        expect(parse(chunks)).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });
});

describe('timestamps of trades and quotes', () => {
  it('accept offsets and 13-digit epoch milliseconds, refuse naive times and epoch seconds', () => {
    const r = parseTrades(
      [
        'timestamp,price,size',
        '2024-01-02T14:30:00.123456Z,1,1',
        '2024-01-02T09:30:00-0500,1,1',
        '1704205800000,1,1',
        '1704205800,1,1',
        '2024-01-02T14:30:00,1,1',
        '2024-02-30T14:30:00Z,1,1',
      ].join('\n'),
    );
    expect(r.trades.map((t) => t.ts)).toEqual([1704205800000, 1704205800000, 1704205800123]);
    expect(r.errors.map((e) => e.line)).toEqual([5, 6, 7]);
  });
});
