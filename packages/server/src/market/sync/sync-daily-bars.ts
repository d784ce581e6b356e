import { seriesIssues } from '../ingest/series-issues.js';
import { callProvider, type RetryPolicy, type Scheduler } from '../providers/call-provider.js';
import type { DailyBarsAnswer, DateRange, MarketDataProvider } from '../providers/provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import { bareInstrument } from '../store/bare-instrument.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import { BasisConflictError, type WriteCounts } from '../store/types.js';

/** What became of one ticker in a sync. */
export type TickerSync =
  | {
      readonly ticker: string;
      readonly outcome: 'synced';
      readonly provider: string;
      /** The last date of the bars received (the checkpoint); may be short of the range's end. */
      readonly through: string;
      readonly bars: WriteCounts;
      readonly actions: WriteCounts;
      /**
       * What a read of the ticker will flag in the provider's answer (ADR 0080), one line each: a bar
       * without a usable price, an action that cannot be read or whose prices do not fit it. Stored as sent.
       */
      readonly warnings: readonly string[];
    }
  | {
      readonly ticker: string;
      /** `no_data`: every provider answered without a bar in the range (unknown, delisted, not yet out). */
      readonly outcome: 'no_data' | 'unknown_symbol' | 'failed';
      readonly reason: string;
    }
  | { readonly ticker: string; readonly outcome: 'not_reached'; readonly reason: string };

/** A provider with the budget of its key, tried in the order given. */
export interface BarSource {
  readonly provider: MarketDataProvider;
  readonly budget: ProviderBudget;
  /** HTTP requests one ticker's bars cost it (default 1; Polygon 3). */
  readonly requestsPerTicker?: number;
}

/** One ticker to bring, over its own range (a backfill, or from shortly before its checkpoint). */
export interface TickerPlan {
  readonly ticker: string;
  readonly range: DateRange;
}

export interface SyncDailyBarsInput {
  /** Providers in fallback order. */
  readonly sources: readonly BarSource[];
  readonly repo: MarketDataRepo;
  readonly plan: readonly TickerPlan[];
  /** Called when a provider refuses its key (401/403): it is dropped for the rest of the run. */
  readonly onRefused?: (provider: string, status: number | undefined) => void;
  /** Called after each ticker (progress; the caller may persist budgets and renew its lease here). */
  readonly onTicker?: (t: TickerSync, done: number, of: number) => void | Promise<void>;
  /** Simulated time in tests. */
  readonly scheduler?: Scheduler;
  readonly policy?: RetryPolicy;
  readonly signal?: AbortSignal;
}

/** Failures after which a provider is not asked again in this run (its budget or key is spent, or it is down). */
const EXHAUSTING = new Set(['throttled', 'unavailable', 'unauthorized']);

/**
 * Brings each planned ticker's daily bars and corporate actions into the store, one ticker at a time,
 * each in its own transaction with its checkpoint (a ticker is stored whole or not at all, so an
 * interrupted sync leaves nothing half-written and a re-run resumes after the last stored ticker).
 * Providers are tried in order: one that does not know a ticker, answers unreadably or serves a basis
 * the store cannot hold hands the ticker to the next; one whose budget is spent, whose key is refused or
 * that keeps failing is dropped for the rest of the run (ADR 0067). When none is left, the tickers not
 * reached are reported as such for the next run. A bar the provider revised since is updated (counted in
 * `updated`, logged in `bar_revisions`).
 */
export async function syncDailyBars(x: SyncDailyBarsInput): Promise<readonly TickerSync[]> {
  const results: TickerSync[] = [];
  const live = [...x.sources];
  const dropped: string[] = [];
  const report = async (t: TickerSync) => {
    results.push(t);
    await x.onTicker?.(t, results.length, x.plan.length);
  };
  for (const { ticker, range } of x.plan) {
    if (x.signal?.aborted === true) {
      await report({ ticker, outcome: 'not_reached', reason: 'the sync was stopped' });
      continue;
    }
    if (live.length === 0) {
      await report({ ticker, outcome: 'not_reached', reason: dropped.join('; ') });
      continue;
    }
    const misses: string[] = [];
    let done: TickerSync | undefined;
    let unknown = 0;
    let empty = 0;
    for (const source of [...live]) {
      const name = source.provider.name;
      let answer: DailyBarsAnswer;
      try {
        answer = await callProvider(
          name,
          source.budget,
          () => source.provider.dailyBars(ticker, range, x.signal),
          x.policy,
          x.scheduler,
          x.signal,
          source.requestsPerTicker ?? 1,
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        misses.push(error.message);
        if (error.kind === 'unknown_symbol') unknown++;
        if (error.kind === 'unauthorized') x.onRefused?.(name, error.status);
        if (EXHAUSTING.has(error.kind)) {
          live.splice(live.indexOf(source), 1);
          dropped.push(error.message);
        }
        continue;
      }
      const last = answer.bars.at(-1)?.date;
      if (last === undefined) {
        misses.push(`${name} has no bars for ${ticker} from ${range.from} to ${range.to}`);
        empty++;
        continue;
      }
      let w: Awaited<ReturnType<MarketDataRepo['write']>>;
      try {
        // An already-adjusted series (Stooq) is stored as such and never adjusted again on read; one
        // series never mixes bases, so such an answer for a ticker stored raw goes to the next provider.
        w = await x.repo.write({
          source: name,
          ensureInstruments: [bareInstrument(ticker, name)],
          bars: [{ ticker, bars: answer.bars }],
          actions: [{ ticker, actions: answer.actions }],
          basis: { ticker, basis: answer.basis },
          run: { kind: 'sync', ticker, skipped: 0 },
          checkpoint: { provider: name, ticker, kind: 'bars', through: last },
        });
      } catch (error) {
        if (!(error instanceof BasisConflictError)) throw error;
        misses.push(`${name}: ${error.message}`);
        continue;
      }
      const warnings = seriesIssues(answer.bars, answer.actions).map(
        (i) => `${name} ${ticker} ${i.date} ${i.subject}: ${i.message}`,
      );
      done = {
        ticker,
        outcome: 'synced',
        provider: name,
        through: last,
        bars: w.bars,
        actions: w.actions,
        warnings,
      };
      break;
    }
    if (done !== undefined) await report(done);
    else if (misses.length === 0 || live.length === 0)
      await report({ ticker, outcome: 'not_reached', reason: [...misses, ...dropped].join('; ') });
    else
      await report({
        ticker,
        outcome:
          unknown === misses.length ? 'unknown_symbol' : empty === misses.length ? 'no_data' : 'failed',
        reason: misses.join('; '),
      });
  }
  return results;
}
