import type { PublicationDeps, PublicationResult } from '../../src/cards/publish-session.js';
import { publishSession } from '../../src/cards/publish-session.js';

/**
 * Publishes `session` as a service would have at the time: both clocks set to the session's publication
 * slot (`leadMinutes` before its open), so the publication is on time and enters the track record.
 * For tests that need a history of past sessions.
 */
export function publishOnTime(deps: PublicationDeps, session: string): Promise<PublicationResult> {
  const s = deps.calendar.sessionOn(session);
  if (s === undefined) throw new Error(`${session} is not a session`);
  const at = new Date(s.opens_at.getTime() - deps.cards.leadMinutes * 60_000);
  return publishSession({ ...deps, now: () => at, wallNow: () => at }, { session });
}
