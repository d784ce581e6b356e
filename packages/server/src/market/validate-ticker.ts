import { ProblemError } from '../problems/problem-error.js';
import type { MarketDataRepo } from './store/market-data-repo.js';
import type { Instrument } from './store/types.js';

/** What a ticker can look like (AAPL, BRK.B, ^GSPC, EURUSD=X, BTC-USD). */
export const TICKER_SHAPE = /^[A-Za-z0-9.^=-]{1,20}$/;

/**
 * The ticker check every market endpoint shares: the instrument for `ticker` (matched case-insensitively),
 * or a 422 `unknown_ticker` problem naming a close match in `suggestion` when there is one.
 */
export async function validateTicker(
  repo: Pick<MarketDataRepo, 'findTicker'>,
  ticker: string,
): Promise<Instrument> {
  // A string no ticker could be is unknown without a lookup: odd bytes never reach a query.
  const found = TICKER_SHAPE.test(ticker.trim()) ? await repo.findTicker(ticker) : ({ ok: false } as const);
  if (found.ok) return found.instrument;
  const shown = ticker.trim().toUpperCase();
  if (found.suggestion === undefined) {
    throw new ProblemError('unknown_ticker', `Unknown ticker "${shown}".`);
  }
  throw new ProblemError('unknown_ticker', `Unknown ticker "${shown}". Did you mean ${found.suggestion}?`, {
    extras: { suggestion: found.suggestion },
  });
}
