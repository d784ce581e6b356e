import type { ExchangeCalendar } from '../calendar/calendar.js';
import { calendarFor } from '../calendar/calendar-for.js';

/**
 * The as-of rule: a daily bar dated D becomes known when D's session closes in the instrument's
 * calendar (not at midnight). This returns the date of the last session closed at or before `asOf`;
 * bars and corporate actions dated after it are never used.
 */
export function knownThrough(calendar: ExchangeCalendar, asOf: Date): string {
  return calendar.previous(asOf).id;
}

/** Whether data lack the last closed session: no bar, or a last bar before `known_through`. */
export function isStale(x: { readonly last_bar: string | null; readonly known_through: string }): boolean {
  return x.last_bar === null || x.last_bar < x.known_through;
}

/** The calendar an instrument row names; throws for a code the service does not know (a data fault). */
export function instrumentCalendar(code: string): ExchangeCalendar {
  const calendar = calendarFor(code);
  if (calendar === undefined) throw new Error(`unknown exchange calendar "${code}" in the instrument master`);
  return calendar;
}
