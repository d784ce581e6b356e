import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { detectBarLayout } from '../../src/market/ingest/bar-layout.js';
import { createBarParser, parseBars } from '../../src/market/ingest/bars.js';
import { tickerFromFileName } from '../../src/market/ingest/ticker-from-file-name.js';
import { fixture } from './ingest-fixtures.js';

const GENERIC_BARS = [
  { date: '2024-01-02', open: 10, high: 11, low: 9.5, close: 10.5, volume: 1000 },
  { date: '2024-01-03', open: 10.5, high: 11.2, low: 10.1, close: 11, volume: 1200 },
  { date: '2024-01-04', open: 11, high: 11.5, low: 10.8, close: 11.1, volume: 900 },
];

describe('daily-bar layouts', () => {
  it('reads the generic layout', () => {
    const r = parseBars(fixture('bars-generic.csv'), { calendar: XNYS });
    expect(r).toMatchObject({ layout: 'generic', order: 'ascending', records: 3, errors: [], actions: [] });
    expect(r.bars).toEqual(GENERIC_BARS);
    expect(r.adjustedClose).toBeUndefined();
  });

  it('reads the Yahoo layout and keeps Adj Close aside for verification', () => {
    const r = parseBars(fixture('bars-yahoo.csv'), { calendar: XNYS });
    expect(r.layout).toBe('yahoo');
    expect(r.errors).toEqual([]);
    expect(r.bars.map((b) => b.close)).toEqual([185.639999, 184.25, 181.910004]);
    expect(r.adjustedClose).toEqual([184.73497, 183.351761, 181.023178]);
  });

  it('reads the Alpha Vantage daily-adjusted layout newest-first and extracts the split and the dividend', () => {
    const r = parseBars(fixture('bars-alphavantage.csv'), { calendar: XNYS });
    expect(r).toMatchObject({ layout: 'alphavantage', order: 'descending', errors: [] });
    expect(r.bars.map((b) => b.date)).toEqual([
      '2020-08-06',
      '2020-08-07',
      '2020-08-28',
      '2020-08-31',
      '2020-09-01',
    ]);
    expect(r.actions).toEqual([
      { date: '2020-08-07', kind: 'dividend', value: 0.82 },
      { date: '2020-08-31', kind: 'split', value: 4 },
    ]);
    expect(r.adjustedClose).toEqual([111.76, 109.23, 122.69, 126.85, 131.9]);
  });

  it('reads Stooq bulk files (<TICKER>,<PER>,<DATE>,<TIME>,…,<VOL>,<OPENINT>) with YYYYMMDD dates', () => {
    const r = parseBars(fixture('bars-stooq.txt'), { calendar: XNYS });
    expect(r).toMatchObject({ layout: 'stooq', errors: [] });
    expect(r.bars).toEqual([
      { date: '2024-01-02', open: 187.15, high: 188.44, low: 183.885, close: 185.64, volume: 82488674 },
      { date: '2024-01-03', open: 184.22, high: 185.88, low: 183.43, close: 184.25, volume: 58414461 },
    ]);
  });

  it('reads the Stooq download header Date,Open,High,Low,Close,Volume (detected as generic, forced as stooq)', () => {
    const detected = parseBars(fixture('bars-stooq-plain.csv'));
    const forced = parseBars(fixture('bars-stooq-plain.csv'), { format: 'stooq' });
    expect(detected.layout).toBe('generic');
    expect(forced.layout).toBe('stooq');
    expect(forced.bars).toEqual(detected.bars);
    expect(forced.errors).toEqual([]);
  });

  it('tolerates a BOM, CRLF, quoted fields, a blank line, a leading index column and newest-first rows', () => {
    const r = parseBars(fixture('bars-bom-crlf-index-descending.csv'), { calendar: XNYS });
    expect(r).toMatchObject({ layout: 'generic', order: 'descending', records: 3, errors: [] });
    expect(r.bars).toEqual(GENERIC_BARS);
  });

  it('takes a leading index column that the header does not name', () => {
    const r = parseBars('date,open,high,low,close,volume\n7,2024-01-02,10,11,9.5,10.5,1000\n');
    expect(r.errors).toEqual([]);
    expect(r.bars).toEqual([GENERIC_BARS[0]]);
  });

  it('sorts rows that are in no order', () => {
    const text = fixture('bars-generic.csv').split('\n');
    const r = parseBars([text[0], text[2], text[3], text[1]].join('\n'));
    expect(r.order).toBe('unordered');
    expect(r.bars).toEqual(GENERIC_BARS);
  });

  it('refuses a forced layout whose columns the header lacks, at the header line', () => {
    const r = parseBars(fixture('bars-generic.csv'), { format: 'alphavantage' });
    expect(r.layout).toBeUndefined();
    expect(r.bars).toEqual([]);
    expect(r.errors).toEqual([{ line: 1, message: expect.stringContaining('missing dividend, split') }]);
  });

  it('refuses a header it cannot map and an empty file', () => {
    expect(parseBars('when,price\n2024-01-02,1\n').errors).toEqual([
      { line: 1, message: expect.stringContaining('missing date, open, high, low, close, volume') },
    ]);
    expect(parseBars('').errors).toEqual([{ line: 1, message: 'empty file: no header row' }]);
    expect(parseBars('\n\nDate,Open,High,Low,Close,Volume\n').errors).toEqual([]);
  });

  it('maps header synonyms regardless of case and spacing', () => {
    const layout = detectBarLayout([' Timestamp ', 'OPEN', 'High', 'low', 'Close', 'Vol', 'adj_close'], 1);
    expect(layout).toMatchObject({ name: 'generic', columns: { date: 0, volume: 5, adjustedClose: 6 } });
  });

  it('gives the same result however the text is cut into chunks', () => {
    const text =
      fixture('bars-bom-crlf-index-descending.csv') +
      fixture('bars-generic.csv').split('\n').slice(1).join('\n');
    const whole = parseBars(text);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }), (cuts) => {
        const at = [0, ...[...cuts].sort((a, b) => a - b), text.length];
        const parser = createBarParser();
        for (let i = 0; i + 1 < at.length; i++) parser.push(text.slice(at[i], at[i + 1]));
        expect(parser.finish()).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });
});

describe('ticker from the file name', () => {
  it.each([
    ['/data/DA-AAPL-T-2021-04-21.csv', 'AAPL'],
    ['DA-BF.B-T-2021-04-21.csv', 'BF.B'],
    ['aapl.us.txt', 'AAPL'],
    ['SPY_D.csv', 'SPY'],
    ['msft.csv', 'MSFT'],
    ['BRK.B.csv', 'BRK.B'],
    ['C:\\quotes\\IBM.csv', 'IBM'],
  ])('reads %s as %s', (file, ticker) => {
    expect(tickerFromFileName(file)).toBe(ticker);
  });

  it.each(['my prices (2).csv', 'prices-2021-04-21.csv', '.csv'])(
    'finds no ticker in %s (the caller needs --ticker)',
    (file) => {
      expect(tickerFromFileName(file)).toBeUndefined();
    },
  );

  it('trusts any ticker-shaped name (default.csv reads as DEFAULT), which --ticker overrides', () => {
    expect(tickerFromFileName('default.csv')).toBe('DEFAULT');
  });
});
