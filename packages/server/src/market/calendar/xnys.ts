import type { ExchangeCalendar, Session } from './calendar.js';
import { addDays, localDateOf, weekday, zonedInstant } from './local-time.js';

const TZ = 'America/New_York';

/** Unscheduled full-day closures (national days of mourning, weather, 9/11). */
const SPECIAL_CLOSURES = new Set([
  '1994-04-27', // President Nixon's funeral
  '2001-09-11',
  '2001-09-12',
  '2001-09-13',
  '2001-09-14',
  '2004-06-11',
  '2007-01-02',
  '2012-10-29',
  '2012-10-30',
  '2018-12-05',
  '2025-01-09',
]);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function ymd(y: number, m: number, d: number): string {
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last. */
function nthWeekday(y: number, m: number, dow: number, n: number): string {
  if (n > 0) {
    const first = weekday(ymd(y, m, 1));
    return ymd(y, m, 1 + ((dow - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = weekday(ymd(y, m, lastDay));
  return ymd(y, m, lastDay - ((last - dow + 7) % 7));
}

/** Gregorian Easter Sunday (anonymous Gregorian algorithm). */
export function easterSunday(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(y, month, day);
}

/** Saturday holidays move to Friday, Sunday holidays to Monday. */
function observed(date: string): string {
  const w = weekday(date);
  return w === 6 ? addDays(date, -1) : w === 0 ? addDays(date, 1) : date;
}

const holidayCache = new Map<number, Set<string>>();

/** NYSE full-day holidays of a year (NYSE Rule 7.2 schedule). */
export function xnysHolidays(y: number): Set<string> {
  const cached = holidayCache.get(y);
  if (cached !== undefined) return cached;
  const h = new Set<string>();
  // New Year's Day: a Sunday holiday moves to Monday; a Saturday one is not observed on Friday.
  const ny = ymd(y, 1, 1);
  if (weekday(ny) === 0) h.add(ymd(y, 1, 2));
  else if (weekday(ny) !== 6) h.add(ny);
  if (y >= 1998) h.add(nthWeekday(y, 1, 1, 3)); // Martin Luther King Jr. Day
  h.add(nthWeekday(y, 2, 1, 3)); // Washington's Birthday
  h.add(addDays(easterSunday(y), -2)); // Good Friday
  h.add(nthWeekday(y, 5, 1, -1)); // Memorial Day
  if (y >= 2022) h.add(observed(ymd(y, 6, 19))); // Juneteenth
  h.add(observed(ymd(y, 7, 4))); // Independence Day
  h.add(nthWeekday(y, 9, 1, 1)); // Labor Day
  h.add(nthWeekday(y, 11, 4, 4)); // Thanksgiving
  h.add(observed(ymd(y, 12, 25))); // Christmas
  for (const d of SPECIAL_CLOSURES) if (d.startsWith(`${y}-`)) h.add(d);
  holidayCache.set(y, h);
  return h;
}

/** 13:00 early closes: July 3 (Mon–Thu), the day after Thanksgiving, Christmas Eve (Mon–Thu). */
export function xnysEarlyClose(date: string): boolean {
  const y = Number(date.slice(0, 4));
  const w = weekday(date);
  if (date === ymd(y, 7, 3) && w >= 1 && w <= 4) return true;
  if (date === addDays(nthWeekday(y, 11, 4, 4), 1)) return true;
  if (date === ymd(y, 12, 24) && w >= 1 && w <= 4) return true;
  return false;
}

export function xnysIsTradingDay(date: string): boolean {
  const w = weekday(date);
  return w !== 0 && w !== 6 && !xnysHolidays(Number(date.slice(0, 4))).has(date);
}

/** New York Stock Exchange: 09:30–16:00 America/New_York, 13:00 on early-close days. */
export const XNYS: ExchangeCalendar = {
  code: 'XNYS',
  timezone: TZ,
  isTradingDay: xnysIsTradingDay,
  sessionOn(date: string): Session | undefined {
    if (!xnysIsTradingDay(date)) return undefined;
    const early = xnysEarlyClose(date);
    return {
      id: date,
      opens_at: zonedInstant(TZ, date, 9, 30),
      closes_at: zonedInstant(TZ, date, early ? 13 : 16, 0),
      early_close: early,
    };
  },
  currentOrNext(instant: Date): Session {
    let date = localDateOf(TZ, instant);
    for (let i = 0; i < 30; i++, date = addDays(date, 1)) {
      const s = XNYS.sessionOn(date);
      if (s !== undefined && s.closes_at.getTime() > instant.getTime()) return s;
    }
    throw new Error(`no XNYS session within 30 days after ${instant.toISOString()}`);
  },
  previous(instant: Date): Session {
    let date = localDateOf(TZ, instant);
    for (let i = 0; i < 30; i++, date = addDays(date, -1)) {
      const s = XNYS.sessionOn(date);
      if (s !== undefined && s.closes_at.getTime() <= instant.getTime()) return s;
    }
    throw new Error(`no XNYS session within 30 days before ${instant.toISOString()}`);
  },
};
