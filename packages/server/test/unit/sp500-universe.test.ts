import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTickerFile } from '../../src/cli/commands/ticker-list.js';

const FILE = fileURLToPath(new URL('../../universes/sp500.csv', import.meta.url));

describe('the shipped S&P 500 universe file', () => {
  it('holds the 503 constituent tickers (500 companies, three with two share classes), each named and in a GICS sector', () => {
    const r = readTickerFile(FILE);
    if (!r.ok) throw new Error(r.message);
    expect(r.tickers).toHaveLength(503);
    expect(new Set(r.tickers).size).toBe(503);
    for (const t of ['AAPL', 'MSFT', 'BRK.B', 'BF.B', 'GOOGL', 'GOOG', 'XOM', 'JPM'])
      expect(r.tickers).toContain(t);
    expect(r.details.get('AAPL')).toEqual({ name: 'Apple Inc.', sector: 'Information Technology' });
    expect(r.details.get('BBWI')).toEqual({
      name: 'Bath & Body Works, Inc.',
      sector: 'Consumer Discretionary',
    });
    expect(new Set([...r.details.values()].map((d) => d.sector))).toEqual(
      new Set([
        'Communication Services',
        'Consumer Discretionary',
        'Consumer Staples',
        'Energy',
        'Financials',
        'Health Care',
        'Industrials',
        'Information Technology',
        'Materials',
        'Real Estate',
        'Utilities',
      ]),
    );
    expect(r.details.size).toBe(503);
  });
});
