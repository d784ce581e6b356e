import { DataIssueError } from './data-issue-error.js';
import type { MarketDataRepo } from './market-data-repo.js';
import type { DailySeries, SeriesQuery } from './types.js';

/**
 * `getDailySeries`, with a ticker whose data cannot be served answered as its DataIssueError instead of
 * thrown: what a loop over the universe reads, so that one ticker's bad row loses only that ticker (ADR
 * 0080). Any other error (storage down) still rejects.
 */
export async function seriesOrIssue(
  market: Pick<MarketDataRepo, 'getDailySeries'>,
  ticker: string,
  query: SeriesQuery,
): Promise<DailySeries | undefined | DataIssueError> {
  try {
    return await market.getDailySeries(ticker, query);
  } catch (error) {
    if (error instanceof DataIssueError) return error;
    throw error;
  }
}
