import type { NewEvent } from '../../db/event-outbox.js';
import type { StaleMark } from '../store/sync-state-repo.js';
import { staleReason } from './stale-reason.js';
import type { TickerSync } from './sync-daily-bars.js';

/** A ticker a sync left short of `target`, as customers are told of it. */
export function staleMark(
  r: TickerSync,
  target: string,
  lastBar: string | undefined,
): Omit<StaleMark, 'since'> & { readonly provider: string | null } {
  return {
    ticker: r.ticker,
    expected_session: target,
    // The last bar stored, whatever this run brought (null: none at all).
    known_through: r.outcome === 'synced' ? r.through : (lastBar ?? null),
    provider: r.outcome === 'synced' ? r.provider : null,
    reason: staleReason(r),
  };
}

/**
 * `data.stale` events for the tickers a sync left short of its target session (no bar from any provider,
 * a failure, the budget spent before them, or bars that stop early). One per ticker and session, however
 * many syncs notice it (the dedupe key), market-wide: every account sees which numbers are behind. The
 * reason is a code (stale-reason.ts), never the provider's message.
 */
export function staleEvents(marks: readonly ReturnType<typeof staleMark>[]): NewEvent[] {
  return marks.map((m) => ({
    type: 'data.stale',
    account_id: null,
    dedupe_key: `data.stale:${m.ticker}:${m.expected_session}`,
    data: {
      ticker: m.ticker,
      expected_session: m.expected_session,
      known_through: m.known_through,
      provider: m.provider,
      reason: m.reason,
    },
  }));
}

/** `data.fresh` events for tickers that were stale and whose data reached `target` in this sync. */
export function freshEvents(
  arrived: readonly { readonly ticker: string; readonly through: string; readonly provider: string | null }[],
  was: ReadonlyMap<string, StaleMark>,
  target: string,
): NewEvent[] {
  return arrived.flatMap((a) => {
    const mark = was.get(a.ticker);
    if (mark === undefined) return [];
    return [
      {
        type: 'data.fresh',
        account_id: null,
        dedupe_key: `data.fresh:${a.ticker}:${target}`,
        data: {
          ticker: a.ticker,
          session: target,
          known_through: a.through,
          provider: a.provider,
          stale_since: mark.since,
          was_reason: mark.reason,
        },
      },
    ];
  });
}
