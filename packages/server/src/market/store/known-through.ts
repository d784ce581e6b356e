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

/** The calendar an instrument row names; throws for a code the service does not know (a data fault). */
export function instrumentCalendar(code: string): ExchangeCalendar {
  const calendar = calendarFor(code);
  if (calendar === undefined) throw new Error(`unknown exchange calendar "${code}" in the instrument master`);
  return calendar;
}
