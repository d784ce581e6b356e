import type { ExchangeCalendar } from '../../market/calendar/calendar.js';

/** Ticker-sessions one billing unit buys (ADR 0101): about 20 tickers over 10 years. */
const TICKER_SESSIONS_PER_UNIT = 50_000;

/** A plan's largest backtest when its catalogue entry names none (ADR 0101). */
export const DEFAULT_MAX_TICKER_SESSIONS = 200_000;

export interface BacktestSize {
  readonly tickers: number;
  /** Exchange sessions from `from` through `to` (or today, when `to` is later). */
  readonly sessions: number;
  readonly ticker_sessions: number;
  /** Quota units the backtest costs: one per started TICKER_SESSIONS_PER_UNIT, at least one. */
  readonly units: number;
}

/** The size and cost of replaying `tickers` tickers over the calendar's sessions in `from … to`. */
export function backtestSize(
  calendar: ExchangeCalendar,
  tickers: number,
  from: string,
  to: string,
  today: string,
): BacktestSize {
  const last = to < today ? to : today;
  let sessions = 0;
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; ) {
    const day = d.toISOString().slice(0, 10);
    if (calendar.isTradingDay?.(day) ?? calendar.sessionOn(day) !== undefined) sessions++;
    d = new Date(d.getTime() + 86_400_000);
  }
  const ticker_sessions = tickers * sessions;
  return {
    tickers,
    sessions,
    ticker_sessions,
    units: Math.max(1, Math.ceil(ticker_sessions / TICKER_SESSIONS_PER_UNIT)),
  };
}
