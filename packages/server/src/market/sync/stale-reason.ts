import type { TickerSync } from './sync-daily-bars.js';

/**
 * Why a ticker's last session is missing, as customers are told (`data.stale`, /instruments): a closed
 * set of codes, never a provider's message (which may carry the operator's upstream address or key
 * details). The operator's log keeps the full reason.
 */
export const STALE_REASONS = {
  provider_late: "The provider's bars stop before the last session: it has not published that session yet",
  no_data: 'The providers answered without a bar for the session (not traded, halted, or not yet out)',
  unknown_symbol: 'The providers do not know this ticker (renamed, delisted or mistyped)',
  provider_error: 'The providers failed to answer usably; the sync tries again',
  sync_pending: 'The sync has not reached this ticker yet (provider budget or availability); it tries again',
  awaiting_sync: "The session closed and no sync has brought or reported this ticker's bars yet",
} as const;

export type StaleReason = keyof typeof STALE_REASONS;

/** The customer-safe reason code for a ticker a sync left behind. */
export function staleReason(t: TickerSync): StaleReason {
  switch (t.outcome) {
    case 'synced':
      return 'provider_late';
    case 'no_data':
      return 'no_data';
    case 'unknown_symbol':
      return 'unknown_symbol';
    case 'failed':
      return 'provider_error';
    case 'not_reached':
      return 'sync_pending';
  }
}
