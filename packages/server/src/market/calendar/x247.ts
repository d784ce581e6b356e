import type { ExchangeCalendar, Session } from './calendar.js';
import { addDays } from './local-time.js';

function session(date: string): Session {
  const opens = new Date(`${date}T00:00:00.000Z`);
  return { id: date, opens_at: opens, closes_at: new Date(opens.getTime() + 86_400_000), early_close: false };
}

/** A real `YYYY-MM-DD` date (the round trip rejects 2021-02-30, which Date.parse rolls over). */
function isDate(localDate: string): boolean {
  const t = Date.parse(localDate);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(localDate) &&
    !Number.isNaN(t) &&
    new Date(t).toISOString().startsWith(localDate)
  );
}

/**
 * Round-the-clock trading (crypto): every UTC calendar day is one session, 00:00–24:00 UTC, with no
 * holidays and no early closes.
 */
export const X247: ExchangeCalendar = {
  code: '24x7',
  timezone: 'UTC',
  isTradingDay: isDate,
  sessionOn(localDate: string): Session | undefined {
    return isDate(localDate) ? session(localDate) : undefined;
  },
  currentOrNext(instant: Date): Session {
    return session(instant.toISOString().slice(0, 10));
  },
  previous(instant: Date): Session {
    const today = instant.toISOString().slice(0, 10);
    // A session closes at the next midnight, so the last closed one is yesterday's (today's at exactly 24:00).
    return session(addDays(today, -1));
  },
};
