import type { ExchangeCalendar } from '../calendar/calendar.js';
import { type BarLayout, type BarLayoutName, detectBarLayout } from './bar-layout.js';
import { CsvRecords } from './csv-records.js';
import { parseDateCell } from './parse-date.js';
import { parseNumber } from './parse-number.js';
import type { Bar, CorporateAction, IngestError, ParseOutcome } from './types.js';

export interface BarParseOptions {
  /** Force a layout instead of detecting it from the header (`--format`). */
  readonly format?: BarLayoutName;
  /** When given, a bar dated on a day without a session of this calendar is an error. */
  readonly calendar?: ExchangeCalendar;
}

export interface BarParseResult extends ParseOutcome {
  /** Undefined only when the header could not be read. */
  readonly layout: BarLayoutName | undefined;
  /** Valid bars, ascending by date, one per date. */
  readonly bars: readonly Bar[];
  /** Splits (`split_coefficient` ≠ 1) and dividends (`dividend_amount` > 0) of valid rows, ascending. */
  readonly actions: readonly CorporateAction[];
  /** The file's own adjusted close aligned with `bars` (kept only for verification), when it has one. */
  readonly adjustedClose?: readonly number[];
  /** Row order as found in the file. */
  readonly order: 'ascending' | 'descending' | 'unordered';
}

/**
 * Session lookups per calendar, shared by all parses: XNYS.sessionOn builds instants through Intl, which
 * would dominate parsing 70 files of 4,000 dates. Calendars are immutable, so memoising is safe.
 */
const sessionDays = new WeakMap<ExchangeCalendar, Map<string, boolean>>();

function isSessionDay(calendar: ExchangeCalendar, date: string): boolean {
  let days = sessionDays.get(calendar);
  if (days === undefined) {
    days = new Map();
    sessionDays.set(calendar, days);
  }
  let open = days.get(date);
  if (open === undefined) {
    open = calendar.sessionOn(date) !== undefined;
    days.set(date, open);
  }
  return open;
}

interface Row {
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly adj: number;
  readonly div: number;
  readonly split: number;
  readonly line: number;
}

function sameValues(a: Row, b: Row): boolean {
  const eq = (x: number, y: number) => x === y || (Number.isNaN(x) && Number.isNaN(y));
  return (
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume &&
    eq(a.adj, b.adj) &&
    a.div === b.div &&
    a.split === b.split
  );
}

/** Streaming daily-bar parser: `push` text chunks as they are read, then `finish` once. */
export function createBarParser(options: BarParseOptions = {}): {
  push(chunk: string): void;
  finish(): BarParseResult;
} {
  const errors: IngestError[] = [];
  const rows: Row[] = [];
  let layout: BarLayout | undefined;
  let headerFailed = false;
  let records = 0;
  let nonDecreasing = true;
  let nonIncreasing = true;
  let prevDate = '';

  const onRecord = (fields: string[], line: number): void => {
    if (layout === undefined) {
      if (headerFailed) return;
      const found = detectBarLayout(fields, line, options.format);
      if ('columns' in found) layout = found;
      else {
        errors.push(found);
        headerFailed = true;
      }
      return;
    }
    records++;
    const { columns: c, names } = layout;
    const off = fields.length === names.length + 1 ? 1 : 0;
    if (fields.length - off < names.length) {
      errors.push({ line, message: `expected ${names.length} fields, found ${fields.length}` });
      return;
    }
    const before = errors.length;
    const cell = (i: number) => fields[i + off] as string;
    const dateCell = parseDateCell(cell(c.date));
    if (dateCell === undefined) {
      errors.push({ line, column: names[c.date] as string, message: `unreadable date "${cell(c.date)}"` });
    } else if (dateCell.intraday || (c.time !== -1 && !/^\s*0*\s*$/.test(cell(c.time)))) {
      errors.push({
        line,
        column: names[c.date] as string,
        message: `intraday timestamp in a daily bar file ("${cell(c.date)}"); daily bars carry one row per date`,
      });
    }
    const num = (i: number, what: string): number => {
      if (i === -1) return what === 'split' ? 1 : what === 'dividend' ? 0 : Number.NaN;
      const v = parseNumber(cell(i));
      if (Number.isNaN(v))
        errors.push({ line, column: names[i] as string, message: `unparsable number "${cell(i)}"` });
      return v;
    };
    const open = num(c.open, 'open');
    const high = num(c.high, 'high');
    const low = num(c.low, 'low');
    const close = num(c.close, 'close');
    const volume = num(c.volume, 'volume');
    const adj = num(c.adjustedClose, 'adjustedClose');
    const div = num(c.dividend, 'dividend');
    const split = num(c.split, 'split');
    if (errors.length === before) {
      const name = (i: number) => names[i] as string;
      if (open <= 0 || high <= 0 || low <= 0 || close <= 0) {
        errors.push({
          line,
          message: `prices must be positive (open ${open}, high ${high}, low ${low}, close ${close})`,
        });
      } else {
        if (high < Math.max(open, close)) {
          errors.push({
            line,
            column: name(c.high),
            message: `high ${high} is below max(open, close) = ${Math.max(open, close)}`,
          });
        }
        if (low > Math.min(open, close)) {
          errors.push({
            line,
            column: name(c.low),
            message: `low ${low} is above min(open, close) = ${Math.min(open, close)}`,
          });
        }
      }
      if (volume < 0) errors.push({ line, column: name(c.volume), message: `negative volume ${volume}` });
      if (div < 0) errors.push({ line, column: name(c.dividend), message: `negative dividend ${div}` });
      if (split <= 0)
        errors.push({
          line,
          column: name(c.split),
          message: `split coefficient must be positive, found ${split}`,
        });
    }
    if (dateCell !== undefined && options.calendar !== undefined) {
      if (!isSessionDay(options.calendar, dateCell.date)) {
        errors.push({
          line,
          column: names[c.date] as string,
          message: `${dateCell.date} is not a trading day of the ${options.calendar.code} calendar`,
        });
      }
    }
    if (errors.length !== before || dateCell === undefined) return;
    const date = dateCell.date;
    if (prevDate !== '') {
      if (date < prevDate) nonDecreasing = false;
      else if (date > prevDate) nonIncreasing = false;
    }
    prevDate = date;
    rows.push({ date, open, high, low, close, volume, adj, div, split, line });
  };

  const records_ = new CsvRecords(onRecord);
  return {
    push: (chunk) => records_.push(chunk),
    finish(): BarParseResult {
      records_.end();
      if (layout === undefined && !headerFailed)
        errors.push({ line: 1, message: 'empty file: no header row' });
      const order = nonDecreasing ? 'ascending' : nonIncreasing ? 'descending' : 'unordered';
      if (order === 'descending') rows.reverse();
      else if (order === 'unordered')
        rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.line - b.line));
      const kept: Row[] = [];
      for (let i = 0; i < rows.length; ) {
        let j = i + 1;
        while (j < rows.length && (rows[j] as Row).date === (rows[i] as Row).date) j++;
        const group = rows.slice(i, j).sort((a, b) => a.line - b.line);
        const first = group[0] as Row;
        const clash = group.filter((r) => !sameValues(r, first));
        if (clash.length === 0) kept.push(first);
        else {
          for (const r of group.slice(1)) {
            errors.push({
              line: r.line,
              column: layout?.names[layout.columns.date] as string,
              message: `duplicate date ${r.date} with values different from line ${first.line}; every row of that date is left out`,
            });
          }
        }
        i = j;
      }
      const bars: Bar[] = new Array(kept.length);
      const actions: CorporateAction[] = [];
      for (let k = 0; k < kept.length; k++) {
        const r = kept[k] as Row;
        bars[k] = { date: r.date, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume };
        if (r.split !== 1) actions.push({ date: r.date, kind: 'split', value: r.split });
        if (r.div > 0) actions.push({ date: r.date, kind: 'dividend', value: r.div });
      }
      errors.sort((a, b) => a.line - b.line);
      const base = { layout: layout?.name, bars, actions, order, records, errors } as const;
      return layout !== undefined && layout.columns.adjustedClose !== -1
        ? { ...base, adjustedClose: kept.map((r) => r.adj) }
        : base;
    },
  };
}

/** Parse a whole daily-bar CSV (a string or an iterable of chunks). */
export function parseBars(input: string | Iterable<string>, options: BarParseOptions = {}): BarParseResult {
  const parser = createBarParser(options);
  if (typeof input === 'string') parser.push(input);
  else for (const chunk of input) parser.push(chunk);
  return parser.finish();
}
