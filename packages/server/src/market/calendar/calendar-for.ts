import type { ExchangeCalendar } from './calendar.js';
import { X247 } from './x247.js';
import { XNYS } from './xnys.js';

const CALENDARS: Record<string, ExchangeCalendar> = { XNYS, '24X7': X247, X247 };

/** The calendar for a code (`XNYS`, `24x7` or its alias `X247`, case-insensitive), or undefined. */
export function calendarFor(code: string): ExchangeCalendar | undefined {
  return CALENDARS[code.trim().toUpperCase()];
}
