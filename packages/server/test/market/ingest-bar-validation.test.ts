import { describe, expect, it } from 'vitest';
import { X247 } from '../../src/market/calendar/x247.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import { decideImport, formatIngestError } from '../../src/market/ingest/accept.js';
import { parseBars } from '../../src/market/ingest/bars.js';
import { fixture } from './ingest-fixtures.js';

// fixtures/bars-errors.csv, one problem per line (line 7 is blank):
const EXPECTED_ERRORS = [
  { line: 3, column: 'high', message: 'unparsable number "abc"' },
  { line: 4, column: 'high', message: 'high 10.2 is below max(open, close) = 10.5' },
  { line: 5, column: 'low', message: 'low 10.2 is above min(open, close) = 10' },
  { line: 6, column: 'volume', message: 'negative volume -5' },
  { line: 8, column: 'date', message: '2024-01-06 is not a trading day of the XNYS calendar' },
  { line: 9, column: 'date', message: '2024-01-15 is not a trading day of the XNYS calendar' },
  {
    line: 12,
    column: 'date',
    message:
      'duplicate date 2024-01-09 with values different from line 11; every row of that date is left out',
  },
  { line: 13, column: 'date', message: 'unreadable date "2024-13-01"' },
  { line: 14, message: 'expected 6 fields, found 3' },
];

describe('daily-bar validation', () => {
  it('reports every broken row with its file line and column', () => {
    const r = parseBars(fixture('bars-errors.csv'), { calendar: XNYS });
    expect(r.errors).toEqual(EXPECTED_ERRORS);
    expect(r.records).toBe(13);
  });

  it('keeps only the valid rows, collapsing an identical duplicate silently', () => {
    const r = parseBars(fixture('bars-errors.csv'), { calendar: XNYS });
    expect(r.bars.map((b) => b.date)).toEqual(['2024-01-02', '2024-01-11']);
  });

  it('checks dates against the calendar it is given, and not at all without one', () => {
    const weekendAndHoliday = parseBars(fixture('bars-errors.csv'), { calendar: X247 });
    expect(weekendAndHoliday.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 12, 13, 14]);
    expect(parseBars(fixture('bars-errors.csv')).errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 12, 13, 14]);
  });

  it('rejects a file with errors whole unless bad rows are skipped, then reports what it skipped', () => {
    const r = parseBars(fixture('bars-errors.csv'), { calendar: XNYS });
    expect(decideImport(r, false)).toEqual({ kind: 'rejected', errors: EXPECTED_ERRORS });
    const skipped = decideImport(r, true);
    expect(skipped).toMatchObject({ kind: 'accepted', skipped: EXPECTED_ERRORS });
    const clean = parseBars(fixture('bars-generic.csv'));
    expect(decideImport(clean, false)).toEqual({ kind: 'accepted', result: clean, skipped: [] });
  });

  it('rejects a file whose header is unreadable even when skipping bad rows', () => {
    const r = parseBars('when,price\n2024-01-02,1\n');
    expect(decideImport(r, true).kind).toBe('rejected');
  });

  it('formats errors as file:line [column]: message', () => {
    expect(formatIngestError('AAPL.csv', EXPECTED_ERRORS[0] as (typeof EXPECTED_ERRORS)[number])).toBe(
      'AAPL.csv:3 [high]: unparsable number "abc"',
    );
    expect(formatIngestError('AAPL.csv', { line: 14, message: 'expected 6 fields, found 3' })).toBe(
      'AAPL.csv:14: expected 6 fields, found 3',
    );
  });

  it('refuses numbers Number() would accept silently and non-positive prices', () => {
    const r = parseBars(
      [
        'date,open,high,low,close,volume',
        '2024-01-02,0x10,20,10,15,1',
        '2024-01-03,Infinity,20,10,15,1',
        '2024-01-04,10,20,10,15,',
        '2024-01-05,0,20,0,15,1',
      ].join('\n'),
    );
    expect(r.errors.map((e) => [e.line, e.column ?? '', e.message])).toEqual([
      [2, 'open', 'unparsable number "0x10"'],
      [3, 'open', 'unparsable number "Infinity"'],
      [4, 'volume', 'unparsable number ""'],
      [5, '', 'prices must be positive (open 0, high 20, low 0, close 15)'],
    ]);
  });

  it('refuses intraday timestamps in a daily file but accepts midnight timestamps', () => {
    const r = parseBars(
      'date,open,high,low,close,volume\n2024-01-02 09:30,1,1,1,1,1\n2024-01-03T00:00:00Z,1,1,1,1,1\n2024-01-04 00:00,1,1,1,1,1\n',
    );
    expect(r.errors).toEqual([
      {
        line: 2,
        column: 'date',
        message:
          'intraday timestamp in a daily bar file ("2024-01-02 09:30"); daily bars carry one row per date',
      },
    ]);
    expect(r.bars.map((b) => b.date)).toEqual(['2024-01-03', '2024-01-04']);
  });

  it('refuses a Stooq row whose <TIME> is not midnight', () => {
    const r = parseBars(
      '<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>\nX,5,20240102,093500,1,1,1,1,1\n',
    );
    expect(r.errors.map((e) => e.line)).toEqual([2]);
  });

  it('refuses impossible dates and a non-positive split coefficient', () => {
    const r = parseBars(
      [
        'timestamp,open,high,low,close,adjusted_close,volume,dividend_amount,split_coefficient',
        '2023-02-29,1,1,1,1,1,1,0,1',
        '2024-02-29,1,1,1,1,1,1,-1,0',
      ].join('\n'),
    );
    expect(r.errors).toEqual([
      { line: 2, column: 'timestamp', message: 'unreadable date "2023-02-29"' },
      { line: 3, column: 'dividend_amount', message: 'negative dividend -1' },
      { line: 3, column: 'split_coefficient', message: 'split coefficient must be positive, found 0' },
    ]);
  });
});
