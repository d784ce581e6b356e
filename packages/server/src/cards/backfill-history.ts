import { type PublicationDeps, publishSession } from './publish-session.js';
import { trackOutcomes } from './track-outcomes.js';

export interface BackfilledHistory {
  /** Sessions newly published (a session published before is left as it is). */
  readonly sessions: number;
  readonly cards: number;
  /** Outcomes recorded once the sessions were in. */
  readonly outcomes: number;
}

/**
 * Publishes the `count` sessions before the current one as backfills (issue #49: a fresh demo had no past):
 * each marked late, its cards `published_late`, kept out of the track record and shown apart as the
 * simulated record (`/cards/performance?record=backfilled`). Oldest first, so each session's models are
 * fitted on the outcomes the sessions before it had; then the outcomes the stored bars resolve. Stops
 * between sessions when `signal` aborts (a server stopping); a session already published is not touched.
 */
export async function backfillHistory(
  deps: PublicationDeps,
  count: number,
  signal?: AbortSignal,
): Promise<BackfilledHistory> {
  const ids: string[] = [];
  let session = deps.calendar.currentOrNext(deps.now());
  for (let k = 0; k < count; k++) {
    session = deps.calendar.previous(session.opens_at);
    ids.unshift(session.id);
  }
  let sessions = 0;
  let cards = 0;
  for (const id of ids) {
    if (signal?.aborted === true) break;
    const result = await publishSession(deps, { session: id, backfill: true });
    if (result.ok && result.published) {
      sessions++;
      cards += result.cards;
    }
  }
  const outcomes = signal?.aborted === true ? 0 : (await trackOutcomes(deps)).recorded;
  return { sessions, cards, outcomes };
}
