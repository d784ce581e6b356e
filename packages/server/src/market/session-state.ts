import type { ExchangeCalendar, Session } from './calendar/calendar.js';
import { localDateOf } from './calendar/local-time.js';

export type SessionState = 'pre_open' | 'open' | 'closed';

/** Cards for a session are published this long before its open, from data through the previous close. */
export const CARDS_LEAD_MS = 60 * 60 * 1000;

export interface SessionView {
  /** The session cards and analyses refer to now: today's while it has not closed, else the next one. */
  readonly current: Session;
  readonly state: SessionState;
  readonly previous: Session;
  readonly next: Session;
  /** When the current session's cards are (or were) scheduled to publish. */
  readonly publication_at: Date;
}

export function sessionView(calendar: ExchangeCalendar, now: Date): SessionView {
  const current = calendar.currentOrNext(now);
  const t = now.getTime();
  let state: SessionState;
  if (t >= current.opens_at.getTime()) state = 'open';
  else if (localDateOf(calendar.timezone, now) === current.id) state = 'pre_open';
  else state = 'closed';
  const previous = calendar.previous(now);
  const next = calendar.currentOrNext(new Date(current.closes_at.getTime() + 1));
  return {
    current,
    state,
    previous,
    next,
    publication_at: new Date(current.opens_at.getTime() - CARDS_LEAD_MS),
  };
}
