import type { ExchangeCalendar } from '../calendar/calendar.js';
import { checkValues, isMidnightTime, isSessionDay, numberAt } from './bar-checks.js';
import { type BarLayout, type BarLayoutName, detectBarLayout } from './bar-layout.js';
import { emptyRows, settleRows } from './bar-rows.js';
import { CsvCells } from './csv-cells.js';
import { parseDateCell } from './parse-date.js';
import { parseAll, TextLines } from './text-lines.js';
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
  /** The 1-based line of each of `bars` in the file (warnings name it). */
  readonly lines: readonly number[];
  /** Splits (`split_coefficient` ≠ 1) and dividends (`dividend_amount` > 0) of valid rows, ascending. */
  readonly actions: readonly CorporateAction[];
  /** The file's own adjusted close aligned with `bars` (kept only for verification), when it has one. */
  readonly adjustedClose?: readonly number[];
  /** Row order as found in the file. */
  readonly order: 'ascending' | 'descending' | 'unordered';
}

/** Streaming daily-bar parser: `push` text chunks as they are read, then `finish` once. */
export function createBarParser(options: BarParseOptions = {}): {
  push(chunk: string): void;
  finish(): BarParseResult;
} {
  const errors: IngestError[] = [];
  const rows = emptyRows();
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
      const dateColumn = layout === undefined ? 'date' : (layout.names[layout.columns.date] as string);
      const { bars, actions, kept } = settleRows(rows, order, dateColumn, errors);
      errors.sort((a, b) => a.line - b.line);
      const lines = kept.map((i) => rows.lines[i] as number);
      const base = { layout: layout?.name, bars, lines, actions, order, records, errors } as const;
      return layout !== undefined && layout.columns.adjustedClose !== -1
        ? { ...base, adjustedClose: kept.map((i) => rows.adj[i] as number) }
        : base;
    },
  };
}

/** Parse a whole daily-bar CSV (a string or an iterable of chunks). */
export function parseBars(input: string | Iterable<string>, options: BarParseOptions = {}): BarParseResult {
  return parseAll(createBarParser(options), input);
}
