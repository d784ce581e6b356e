import type { ExchangeCalendar } from '../calendar/calendar.js';
import type { BarLayout } from './bar-layout.js';
import type { CsvCells } from './csv-cells.js';
import type { IngestError } from './types.js';

/**
 * Session lookups per calendar for calendars without the cheap `isTradingDay`, shared by all parses:
 * sessionOn builds instants through Intl, which would dominate parsing. Calendars are immutable, so
 * memoising is safe.
 */
const sessionDays = new WeakMap<ExchangeCalendar, Map<string, boolean>>();

export function isSessionDay(calendar: ExchangeCalendar, date: string): boolean {
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
export function numberAt(
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
export function isMidnightTime(text: string): boolean {
  return /^\s*0*\s*$/.test(text);
}

/** OHLC consistency, non-negative volume and dividend, positive split coefficient. */
export function checkValues(
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
