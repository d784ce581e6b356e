import type { ExchangeCalendar } from '../calendar/calendar.js';
import { type BarLayout, type BarLayoutName, detectBarLayout } from './bar-layout.js';
import { CsvCells } from './csv-cells.js';
import { parseDateCell } from './parse-date.js';
import { TextLines } from './text-lines.js';
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
 * Session lookups per calendar for calendars without the cheap `isTradingDay`, shared by all parses:
 * sessionOn builds instants through Intl, which would dominate parsing. Calendars are immutable, so
 * memoising is safe.
 */
const sessionDays = new WeakMap<ExchangeCalendar, Map<string, boolean>>();

function isSessionDay(calendar: ExchangeCalendar, date: string): boolean {
  if (calendar.isTradingDay !== undefined) return calendar.isTradingDay(date);
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

/** The number in column `at` (after `off` leading cells), or `absent` when the layout has no such column. */
function numberAt(
  cells: CsvCells,
  off: number,
  at: number,
  names: readonly string[],
  line: number,
  errors: IngestError[],
  absent: number,
): number {
  if (at === -1) return absent;
  const v = cells.number(at + off);
  if (Number.isNaN(v)) {
    errors.push({
      line,
      column: names[at] as string,
      message: `unparsable number "${cells.text(at + off)}"`,
    });
  }
  return v;
}

/** Stooq `<TIME>` of a daily row: empty or all zeros. */
function isMidnightTime(text: string): boolean {
  return /^\s*0*\s*$/.test(text);
}

/** OHLC consistency, non-negative volume and dividend, positive split coefficient. */
function checkValues(
  open: number,
  high: number,
  low: number,
  close: number,
  volume: number,
  div: number,
  split: number,
  layout: BarLayout,
  line: number,
  errors: IngestError[],
): void {
  const { columns: c, names } = layout;
  if (open <= 0 || high <= 0 || low <= 0 || close <= 0) {
    errors.push({
      line,
      message: `prices must be positive (open ${open}, high ${high}, low ${low}, close ${close})`,
    });
    return;
  }
  const top = Math.max(open, close);
  const bottom = Math.min(open, close);
  if (high < top) {
    errors.push({
      line,
      column: names[c.high] as string,
      message: `high ${high} is below max(open, close) = ${top}`,
    });
  }
  if (low > bottom) {
    errors.push({
      line,
      column: names[c.low] as string,
      message: `low ${low} is above min(open, close) = ${bottom}`,
    });
  }
  if (volume < 0)
    errors.push({ line, column: names[c.volume] as string, message: `negative volume ${volume}` });
  if (div < 0)
    errors.push({ line, column: names[c.dividend] as string, message: `negative dividend ${div}` });
  if (split <= 0) {
    errors.push({
      line,
      column: names[c.split] as string,
      message: `split coefficient must be positive, found ${split}`,
    });
  }
}

/** Valid rows in file order: the final Bar objects plus parallel columns (no second object per row). */
interface Rows {
  readonly bars: Bar[];
  readonly lines: number[];
  readonly adj: number[];
  readonly div: number[];
  readonly split: number[];
}

function sameValues(rows: Rows, i: number, j: number): boolean {
  const a = rows.bars[i] as Bar;
  const b = rows.bars[j] as Bar;
  const x = rows.adj[i] as number;
  const y = rows.adj[j] as number;
  return (
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume &&
    (x === y || (Number.isNaN(x) && Number.isNaN(y))) &&
    rows.div[i] === rows.div[j] &&
    rows.split[i] === rows.split[j]
  );
}

/** Streaming daily-bar parser: `push` text chunks as they are read, then `finish` once. */
export function createBarParser(options: BarParseOptions = {}): {
  push(chunk: string): void;
  finish(): BarParseResult;
} {
  const errors: IngestError[] = [];
  const rows: Rows = { bars: [], lines: [], adj: [], div: [], split: [] };
  let layout: BarLayout | undefined;
  let headerFailed = false;
  let records = 0;
  let nonDecreasing = true;
  let nonIncreasing = true;
  let prevDate = '';

  const cells = new CsvCells();
  const onLine = (raw: string, line: number): void => {
    cells.load(raw);
    if (layout === undefined) {
      if (headerFailed) return;
      const found = detectBarLayout(cells.all(), line, options.format);
      if ('columns' in found) layout = found;
      else {
        errors.push(found);
        headerFailed = true;
      }
      return;
    }
    records++;
    const { columns: c, names } = layout;
    const off = cells.count === names.length + 1 ? 1 : 0;
    if (cells.count - off < names.length) {
      errors.push({ line, message: `expected ${names.length} fields, found ${cells.count}` });
      return;
    }
    const before = errors.length;
    const dateText = cells.text(c.date + off);
    const dateCell = parseDateCell(dateText);
    const date = typeof dateCell === 'string' ? dateCell : dateCell?.intraday;
    if (date === undefined) {
      errors.push({ line, column: names[c.date] as string, message: `unreadable date "${dateText}"` });
    } else if (date !== dateCell || (c.time !== -1 && !isMidnightTime(cells.text(c.time + off)))) {
      errors.push({
        line,
        column: names[c.date] as string,
        message: `intraday timestamp in a daily bar file ("${dateText}"); daily bars carry one row per date`,
      });
    }
    const open = numberAt(cells, off, c.open, names, line, errors, Number.NaN);
    const high = numberAt(cells, off, c.high, names, line, errors, Number.NaN);
    const low = numberAt(cells, off, c.low, names, line, errors, Number.NaN);
    const close = numberAt(cells, off, c.close, names, line, errors, Number.NaN);
    const volume = numberAt(cells, off, c.volume, names, line, errors, Number.NaN);
    const adj = numberAt(cells, off, c.adjustedClose, names, line, errors, Number.NaN);
    const div = numberAt(cells, off, c.dividend, names, line, errors, 0);
    const split = numberAt(cells, off, c.split, names, line, errors, 1);
    if (errors.length === before)
      checkValues(open, high, low, close, volume, div, split, layout, line, errors);
    if (date !== undefined && options.calendar !== undefined && !isSessionDay(options.calendar, date)) {
      errors.push({
        line,
        column: names[c.date] as string,
        message: `${date} is not a trading day of the ${options.calendar.code} calendar`,
      });
    }
    if (errors.length !== before || date === undefined) return;
    if (prevDate !== '') {
      if (date < prevDate) nonDecreasing = false;
      else if (date > prevDate) nonIncreasing = false;
    }
    prevDate = date;
    rows.bars.push({ date, open, high, low, close, volume });
    rows.lines.push(line);
    rows.adj.push(adj);
    rows.div.push(div);
    rows.split.push(split);
  };

  const records_ = new TextLines(onLine);
  return {
    push: (chunk) => records_.push(chunk),
    finish(): BarParseResult {
      records_.end();
      if (layout === undefined && !headerFailed)
        errors.push({ line: 1, message: 'empty file: no header row' });
      const order = nonDecreasing ? 'ascending' : nonIncreasing ? 'descending' : 'unordered';
      const n = rows.bars.length;
      // Row indices in ascending date order (file order among equal dates).
      let index: number[] | undefined;
      if (order === 'descending') {
        index = new Array(n);
        // Reverse runs of equal dates back into file order.
        for (let k = 0, i = n - 1; i >= 0; ) {
          let j = i;
          while (j > 0 && (rows.bars[j - 1] as Bar).date === (rows.bars[i] as Bar).date) j--;
          for (let m = j; m <= i; m++) index[k++] = m;
          i = j - 1;
        }
      } else if (order === 'unordered') {
        index = Array.from({ length: n }, (_, i) => i);
        index.sort((x, y) => {
          const a = (rows.bars[x] as Bar).date;
          const b = (rows.bars[y] as Bar).date;
          return a < b ? -1 : a > b ? 1 : x - y;
        });
      }
      const bars: Bar[] = [];
      const kept: number[] = [];
      const actions: CorporateAction[] = [];
      for (let p = 0; p < n; ) {
        const i = index === undefined ? p : (index[p] as number);
        const date = (rows.bars[i] as Bar).date;
        let q = p + 1;
        while (q < n && (rows.bars[index === undefined ? q : (index[q] as number)] as Bar).date === date) q++;
        let clash = false;
        for (let r = p + 1; r < q; r++) {
          if (!sameValues(rows, i, index === undefined ? r : (index[r] as number))) clash = true;
        }
        if (clash) {
          for (let r = p + 1; r < q; r++) {
            errors.push({
              line: rows.lines[index === undefined ? r : (index[r] as number)] as number,
              column: layout?.names[layout.columns.date] as string,
              message: `duplicate date ${date} with values different from line ${rows.lines[i]}; every row of that date is left out`,
            });
          }
        } else {
          bars.push(rows.bars[i] as Bar);
          kept.push(i);
          const split = rows.split[i] as number;
          const div = rows.div[i] as number;
          if (split !== 1) actions.push({ date, kind: 'split', value: split });
          if (div > 0) actions.push({ date, kind: 'dividend', value: div });
        }
        p = q;
      }
      errors.sort((a, b) => a.line - b.line);
      const base = { layout: layout?.name, bars, actions, order, records, errors } as const;
      return layout !== undefined && layout.columns.adjustedClose !== -1
        ? { ...base, adjustedClose: kept.map((i) => rows.adj[i] as number) }
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
