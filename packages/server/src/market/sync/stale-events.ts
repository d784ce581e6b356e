import type { NewEvent } from '../../db/event-outbox.js';
import type { TickerSync } from './sync-daily-bars.js';

/**
 * `data.stale` events for the tickers a sync left short of its target session (no bar from any provider,
 * a failure, the budget spent before them, or bars that stop early). One per ticker and session, however
 * many syncs notice it (the dedupe key), market-wide: every account sees which numbers are behind.
 */
export function staleEvents(results: readonly TickerSync[], target: string): NewEvent[] {
  const events: NewEvent[] = [];
  for (const r of results) {
    if (r.outcome === 'synced' && r.through >= target) continue;
    events.push({
      type: 'data.stale',
      account_id: null,
      dedupe_key: `data.stale:${r.ticker}:${target}`,
      data: {
        ticker: r.ticker,
        expected_session: target,
        known_through: r.outcome === 'synced' ? r.through : null,
        provider: r.outcome === 'synced' ? r.provider : null,
        reason:
          r.outcome === 'synced' ? `the provider's bars stop at ${r.through}` : `${r.outcome}: ${r.reason}`,
      },
    });
  }
  return events;
}
