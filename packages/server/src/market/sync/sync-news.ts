import { callProvider, type RetryPolicy, type Scheduler } from '../providers/call-provider.js';
import type { NewsProvider } from '../providers/provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { NewsRow, WriteCounts } from '../store/types.js';
import type { TickerPlan } from './sync-daily-bars.js';

/** What became of one ticker's news in a sync. */
export type NewsSync =
  | { readonly ticker: string; readonly outcome: 'synced'; readonly items: WriteCounts }
  | {
      readonly ticker: string;
      readonly outcome: 'unknown_symbol' | 'failed' | 'not_reached';
      readonly reason: string;
    };

/**
 * Brings each planned ticker's news items from one provider (SEC EDGAR filings today) into the store,
 * one ticker per transaction with its `news` checkpoint through the range's end. A ticker the provider
 * does not know (an ETF has no filings) is reported and skipped; once the provider's budget is spent or it
 * keeps failing, the rest are reported as not reached.
 */
export async function syncNews(x: {
  readonly provider: NewsProvider;
  readonly budget: ProviderBudget;
  readonly repo: MarketDataRepo;
  readonly plan: readonly TickerPlan[];
  readonly scheduler?: Scheduler;
  readonly policy?: RetryPolicy;
  readonly signal?: AbortSignal;
}): Promise<readonly NewsSync[]> {
  const out: NewsSync[] = [];
  let stopped: string | undefined;
  for (const { ticker, range } of x.plan) {
    if (stopped !== undefined || x.signal?.aborted === true) {
      out.push({ ticker, outcome: 'not_reached', reason: stopped ?? 'the sync was stopped' });
      continue;
    }
    let items: readonly NewsRow[];
    try {
      items = await callProvider(
        x.provider.name,
        x.budget,
        () => x.provider.news(ticker, range, x.signal),
        x.policy,
        x.scheduler,
        x.signal,
      );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === 'unknown_symbol' || error.kind === 'malformed') {
        out.push({
          ticker,
          outcome: error.kind === 'malformed' ? 'failed' : 'unknown_symbol',
          reason: error.message,
        });
        continue;
      }
      stopped = error.message;
      out.push({ ticker, outcome: 'not_reached', reason: error.message });
      continue;
    }
    const w = await x.repo.write({
      source: x.provider.name,
      news: items,
      checkpoint: { provider: x.provider.name, ticker, kind: 'news', through: range.to },
    });
    out.push({ ticker, outcome: 'synced', items: w.news });
  }
  return out;
}
