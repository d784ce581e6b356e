import { expect } from 'vitest';
import type { Bar } from '../../../src/market/ingest/types.js';
import { StooqProvider } from '../../../src/market/providers/index.js';
import { describeProviderContract } from './provider-contract.js';

/** Stooq's daily CSV as its `/q/d/l/` download writes it (pandas-datareader's StooqDailyReader reads the same). */
const csv = (bars: readonly Bar[]) =>
  `Date,Open,High,Low,Close,Volume\r\n${bars
    .map((b) => `${b.date},${b.open},${b.high},${b.low},${b.close},${b.volume}`)
    .join('\r\n')}\r\n`;

describeProviderContract({
  name: 'Stooq',
  make: (baseUrl) => new StooqProvider(baseUrl),
  basis: 'split_div',
  // Stooq's prices come adjusted and without action columns: the stand-in serves the bars as they are.
  serve: (bars) => ({ headers: { 'content-type': 'text/csv' }, body: csv(bars) }),
  truncated: (bars) => ({ body: csv(bars).slice(0, csv(bars).length - 20) }),
  emptyRange: { body: 'No data' },
  unknownSymbol: { answer: { body: 'No data' }, reads: 'no bars' },
  throttleIn200: { body: 'Exceeded the daily hits limit' },
  checkRequests([req, ...more], ticker, range) {
    expect(more).toEqual([]);
    if (req === undefined) throw new Error('no request');
    expect(req.url.pathname).toBe('/q/d/l/');
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      s: `${ticker.toLowerCase()}.us`,
      i: 'd',
      d1: range.from.replaceAll('-', ''),
      d2: range.to.replaceAll('-', ''),
    });
  },
});
