import { expect } from 'vitest';
import type { Bar, CorporateAction } from '../../../src/market/ingest/types.js';
import { TiingoProvider } from '../../../src/market/providers/index.js';
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
