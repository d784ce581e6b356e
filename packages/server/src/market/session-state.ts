import type { ExchangeCalendar, Session } from './calendar/calendar.js';
import { localDateOf } from './calendar/local-time.js';

export type SessionState = 'pre_open' | 'open' | 'closed';

/** Default: cards for a session are published this long before its open (BELLWETHER_CARDS_LEAD_MINUTES). */
const CARDS_LEAD_MS = 60 * 60 * 1000;

export interface SessionView {
  /** The session cards and analyses refer to now: today's while it has not closed, else the next one. */
  readonly current: Session;
  readonly state: SessionState;
  readonly previous: Session;
  readonly next: Session;
  /** When the current session's cards are (or were) scheduled to publish. */
  readonly publication_at: Date;
}

const memo = new WeakMap<
  ExchangeCalendar,
  { view: SessionView; leadMs: number; from: number; until: number }
>();

/**
 * The session view at `now`. Views change only at publication, open and close, so the last one is
 * reused until the next of those instants (calendar arithmetic uses Intl and is not free; /cards and
 * /session ask on every request).
 */
export function sessionView(
  calendar: ExchangeCalendar,
  now: Date,
  leadMs: number = CARDS_LEAD_MS,
): SessionView {
  const t = now.getTime();
  const hit = memo.get(calendar);
  if (hit !== undefined && hit.leadMs === leadMs && t >= hit.from && t < hit.until) return hit.view;
  const view = computeSessionView(calendar, now, leadMs);
  const boundaries = [view.publication_at, view.current.opens_at, view.current.closes_at]
    .map((d) => d.getTime())
    .filter((b) => b > t);
  // A view computed before a local midnight may change state at midnight (closed → pre_open).
  memo.set(calendar, { view, leadMs, from: t, until: Math.min(...boundaries, t + 60_000) });
  return view;
}

function computeSessionView(calendar: ExchangeCalendar, now: Date, leadMs: number): SessionView {
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
    publication_at: new Date(current.opens_at.getTime() - leadMs),
  };
}
