import type { FundamentalFact } from '@bellwether/analytics';
import { callProvider, type RetryPolicy, type Scheduler } from '../providers/call-provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import type { EdgarCompanyFacts } from './edgar-company-facts.js';

/** What the sync did for one ticker: the facts read and the rows new to the store, or why it failed. */
export type FundamentalsOutcome =
  | { readonly ticker: string; readonly facts: number; readonly added: number }
  | { readonly ticker: string; readonly error: string; readonly retryable: boolean };

/**
 * Reads each ticker's company facts from EDGAR inside SEC's budget (the ticker table once, then one
 * request per ticker) and stores what is new: a re-read adds nothing, a restatement adds its row. One ticker's
 * failure (unknown to SEC, a malformed document, retries spent) costs only that ticker: it is reported
 * by name with its reason and the others go on. A stopped sync stops between tickers.
 */
export async function syncFundamentals(
  tickers: readonly string[],
  deps: {
    readonly source: Pick<EdgarCompanyFacts, 'name' | 'companies' | 'fundamentals'>;
    readonly budget: ProviderBudget;
    /** Where facts are kept (the storage's fundamentalFacts): returns the rows new to it. */
    readonly store: {
      add(ticker: string, facts: readonly FundamentalFact[], source: string): Promise<number>;
    };
    readonly policy?: RetryPolicy;
    readonly clock?: Scheduler;
    readonly signal?: AbortSignal;
  },
): Promise<FundamentalsOutcome[]> {
  const out: FundamentalsOutcome[] = [];
  const call = <T>(f: () => Promise<T>) =>
    callProvider(deps.source.name, deps.budget, f, deps.policy, deps.clock, deps.signal);
  // The ticker table is a request of its own, inside the budget; without it no ticker can be read.
  try {
    await call(() => deps.source.companies(deps.signal));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return tickers.map((t) => ({
      ticker: t.toUpperCase(),
      error: error.message,
      retryable: error.retryable,
    }));
  }
  for (const ticker of tickers) {
    if (deps.signal?.aborted === true) break;
    try {
      const read = await call(() => deps.source.fundamentals(ticker, deps.signal));
      out.push({
        ticker: read.ticker,
        facts: read.facts.length,
        added: await deps.store.add(read.ticker, read.facts, deps.source.name),
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      out.push({ ticker: ticker.toUpperCase(), error: error.message, retryable: error.retryable });
    }
  }
  return out;
}
