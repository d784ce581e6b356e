import { callProvider, type Scheduler } from '../providers/call-provider.js';
import type { DailyBarsAnswer, DateRange, MarketDataProvider } from '../providers/provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { Instrument, WriteCounts } from '../store/types.js';

/** What became of one ticker in a sync. */
export type TickerSync =
  | {
      readonly ticker: string;
      readonly outcome: 'synced';
      readonly bars: WriteCounts;
      readonly actions: WriteCounts;
    }
  | { readonly ticker: string; readonly outcome: 'unknown_symbol' | 'failed'; readonly reason: string }
  | { readonly ticker: string; readonly outcome: 'not_reached'; readonly reason: string };

export interface SyncDailyBarsInput {
  readonly provider: MarketDataProvider;
  readonly budget: ProviderBudget;
  readonly repo: MarketDataRepo;
  readonly tickers: readonly string[];
  readonly range: DateRange;
  /** Called after each ticker (progress). */
  readonly onTicker?: (t: TickerSync, done: number, of: number) => void;
  /** Simulated time in tests. */
  readonly scheduler?: Scheduler;
  readonly signal?: AbortSignal;
}

/** The instrument row a ticker gets on its first sync, until reference data brings the real one. */
const placeholder = (ticker: string, source: string): Instrument => ({
  ticker,
  name: ticker,
  exchange: null,
  asset_class: 'equity',
  currency: 'USD',
  sector: null,
  calendar: 'XNYS',
  active: true,
  source,
});

/**
 * Brings `tickers`' daily bars and corporate actions over `range` from one provider into the store,
 * one ticker at a time, each in its own transaction (a ticker is stored whole or not at all, so an
 * interrupted sync leaves nothing half-written and a re-run finishes it). Calls go through the
 * provider's budget with its retries (ADR 0066). A ticker the provider does not know, or whose answer
 * is unreadable, is reported and the sync goes on; once the budget is spent (or the provider keeps
 * failing) the tickers not reached are reported as such, for the next run.
 * Re-syncing a range is idempotent, and a bar the provider revised since is updated (counted in `updated`).
 */
export async function syncDailyBars(x: SyncDailyBarsInput): Promise<readonly TickerSync[]> {
  const results: TickerSync[] = [];
  const report = (t: TickerSync) => {
    results.push(t);
    x.onTicker?.(t, results.length, x.tickers.length);
  };
  for (const [i, ticker] of x.tickers.entries()) {
    let answer: DailyBarsAnswer;
    try {
      answer = await callProvider(
        x.provider.name,
        x.budget,
        () => x.provider.dailyBars(ticker, x.range, x.signal),
        undefined,
        x.scheduler,
      );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === 'unknown_symbol' || error.kind === 'malformed') {
        report({
          ticker,
          outcome: error.kind === 'malformed' ? 'failed' : 'unknown_symbol',
          reason: error.message,
        });
        continue;
      }
      // Spent budget, refused key, a provider down for good: nothing further will go through now.
      for (const rest of x.tickers.slice(i))
        report({ ticker: rest, outcome: 'not_reached', reason: error.message });
      break;
    }
    if (answer.basis !== 'raw') {
      // The store keeps raw prices with actions beside them; an already-adjusted series would be adjusted
      // again on read (ADR 0066): refused until the store records a series' basis.
      report({
        ticker,
        outcome: 'failed',
        reason: `${x.provider.name} serves ${answer.basis} prices, which are not stored yet`,
      });
      continue;
    }
    const w = await x.repo.write({
      source: x.provider.name,
      ensureInstruments: [placeholder(ticker, x.provider.name)],
      bars: [{ ticker, bars: answer.bars }],
      actions: [{ ticker, actions: answer.actions }],
      run: { kind: 'sync', ticker, skipped: 0 },
    });
    report({ ticker, outcome: 'synced', bars: w.bars, actions: w.actions });
  }
  return results;
}
