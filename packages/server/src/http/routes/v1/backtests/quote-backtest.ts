import type { BacktestRequest, ResolvedBacktestRequest } from '../../../../lab/backtests/backtest-request.js';
import {
  type BacktestSize,
  backtestSize,
  DEFAULT_MAX_TICKER_SESSIONS,
} from '../../../../lab/backtests/backtest-size.js';
import { BUILT_IN_SETUPS, resolveSetup } from '../../../../lab/backtests/resolve-setup.js';
import { universeTickers } from '../../../../lab/backtests/universe-tickers.js';
import type { Principal } from '../../../../platform/keys/key-service.js';
import { invalidFields, ProblemError } from '../../../../problems/problem-error.js';
import type { AppDeps } from '../../../app-deps.js';

export interface BacktestQuoteView extends BacktestSize {
  readonly setup: string;
  readonly max_ticker_sessions: number;
  readonly within_plan: boolean;
}

/**
 * A backtest request checked against the data and the plan: its setup resolved, its universe turned
 * into tickers, its size and cost (ADR 0101). Bad input is a 422 naming the field; nothing is written.
 */
export async function quoteBacktest(
  deps: AppDeps,
  principal: Principal,
  body: BacktestRequest,
): Promise<{ request: ResolvedBacktestRequest; quote: BacktestQuoteView }> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  if (body.from > body.to)
    throw invalidFields([{ pointer: '/body/from', detail: `must be on or before to (${body.to})` }]);
  if (body.from > today)
    throw invalidFields([{ pointer: '/body/from', detail: `must not be after today (${today})` }]);
  const setup = await resolveSetup(body.setup, principal.account.id);
  if (setup === undefined)
    throw invalidFields([
      {
        pointer: '/body/setup',
        detail: `is not a setup; the built-in setups are ${BUILT_IN_SETUPS.join(', ')}`,
      },
    ]);
  const [instruments, membership] = await Promise.all([
    deps.market.listInstruments(),
    deps.storage.universeMembership.load(),
  ]);
  const universe = universeTickers(body.universe, instruments, membership, body.from, body.to);
  if (!universe.ok) {
    if (universe.unknown !== undefined)
      throw new ProblemError('unknown_ticker', `universe.tickers: ${universe.detail}.`, {
        extras: {
          errors: [{ pointer: universe.pointer, detail: universe.detail }],
          unknown: universe.unknown,
        },
      });
    throw invalidFields([{ pointer: universe.pointer, detail: universe.detail }]);
  }
  if (universe.tickers.length === 0)
    throw invalidFields([
      { pointer: '/body/universe', detail: `has no member on any day of ${body.from} … ${body.to}` },
    ]);
  const size = backtestSize(deps.calendar, universe.tickers.length, body.from, body.to, today);
  const max = principal.plan?.backtest_max_ticker_sessions ?? DEFAULT_MAX_TICKER_SESSIONS;
  return {
    request: { ...body, tickers: universe.tickers },
    quote: { setup: setup.ref, ...size, max_ticker_sessions: max, within_plan: size.ticker_sessions <= max },
  };
}

/** The 422 for a backtest over the plan's bound, with the figures that say by how much. */
export function tooLarge(quote: BacktestQuoteView): ProblemError {
  return new ProblemError(
    'backtest_too_large',
    `This backtest replays ${quote.tickers} tickers × ${quote.sessions} sessions = ${quote.ticker_sessions} ticker-sessions; the plan allows ${quote.max_ticker_sessions} in one backtest. Narrow the universe or the dates, or split the range.`,
    {
      extras: {
        tickers: quote.tickers,
        sessions: quote.sessions,
        ticker_sessions: quote.ticker_sessions,
        max_ticker_sessions: quote.max_ticker_sessions,
      },
    },
  );
}
