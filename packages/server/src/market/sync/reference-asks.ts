import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { SyncStateRepo } from '../store/sync-state-repo.js';

/**
 * Days before a one-ticker-a-request reference source is asked again about a ticker whose reference it
 * could not complete (an ETF has no sector or industry): asked every sync, a 500-ticker universe with a
 * few dozen funds spent that many of a paid key's requests a day for nothing.
 */
const REFERENCE_REASK_DAYS = 30;

/**
 * What `syncReference` needs to ask a source about a ticker at most once in {@link REFERENCE_REASK_DAYS}:
 * the asks recorded as `reference` checkpoints (the session of the last ask), and a recorder.
 */
export async function referenceAsks(
  deps: { readonly state: SyncStateRepo; readonly market: MarketDataRepo },
  session: string,
): Promise<{
  readonly askedRecently: (provider: string, ticker: string) => boolean;
  readonly onAsked: (provider: string, ticker: string) => Promise<void>;
}> {
  const since = new Date(Date.parse(`${session}T00:00:00Z`) - REFERENCE_REASK_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const recent = new Set(
    (await deps.state.checkpoints('reference'))
      .filter((c) => c.through > since)
      .map((c) => `${c.provider}|${c.ticker}`),
  );
  return {
    askedRecently: (provider, ticker) => recent.has(`${provider}|${ticker}`),
    onAsked: async (provider, ticker) => {
      await deps.market.write({
        source: 'reference',
        checkpoint: { provider, ticker, kind: 'reference', through: session },
      });
    },
  };
}
