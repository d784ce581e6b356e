import type { DataIssueError } from './data-issue-error.js';
import type { KnownData } from './history-issues.js';
import type {
  CorporateAction,
  DailySeries,
  Freshness,
  Instrument,
  MarketCounts,
  MarketWrite,
  NewsRow,
  QuoteRow,
  SeriesQuery,
  TickerLookup,
  TradeRow,
  WriteOutcome,
} from './types.js';

/** The market-data port: what ingestion, the demo seeder and analytics need from storage. */
export interface MarketDataRepo {
  /** Applies the whole write in one transaction (nothing of it lands if any part fails). Idempotent. */
  write(batch: MarketWrite): Promise<WriteOutcome>;
  /**
   * SQLite: rebuilds the year blocks histories are read from (`bar-blocks.ts`) from the `daily_bars` rows — of
   * `tickers`, or of every instrument — after bars were changed other than through `write`. Answers the
   * tickers rebuilt (the named ones that are instruments); none on PostgreSQL, which reads rows.
   */
  rebuildBarBlocks(tickers?: readonly string[]): Promise<readonly string[]>;
  /**
   * Daily bars of `ticker` known at `query.asOf`, adjusted on read; undefined for an unknown ticker.
   * Rejects with a DataIssueError when the ticker's data cannot be served (ADR 0080).
   */
  getDailySeries(ticker: string, query: SeriesQuery): Promise<DailySeries | undefined>;
  /**
   * `getDailySeries` for each of `tickers` (answers in their order): the uncached ones are read together,
   * a query per kind of row rather than per ticker — what a screen over hundreds of tickers needs cold.
   * A ticker whose data cannot be served answers its DataIssueError in its place: one ticker never fails
   * the others.
   */
  getDailySeriesMany(
    tickers: readonly string[],
    query: SeriesQuery,
  ): Promise<readonly (DailySeries | undefined | DataIssueError)[]>;
  /**
   * How many daily bars of `ticker` are known at `asOf`, and what a read of them will flag (ADR 0080):
   * bars without a usable price and unreadable actions (errors), action days whose prices do not fit the
   * action (warnings), by date. Never rejects for the data's sake.
   */
  dataIssues(ticker: string, asOf: Date): Promise<KnownData>;
  /** Corporate actions with ex-date on or before the last session closed at `asOf`, ascending. */
  getActions(ticker: string, asOf: Date): Promise<readonly CorporateAction[]>;
  /** Trades in `[fromMs, toMs)` that happened before `asOf`. */
  getTrades(ticker: string, fromMs: number, toMs: number, asOf: Date): Promise<readonly TradeRow[]>;
  getQuotes(ticker: string, fromMs: number, toMs: number, asOf: Date): Promise<readonly QuoteRow[]>;
  /** News about `ticker` published in `[from, asOf]`, ascending. */
  getNews(ticker: string, from: Date, asOf: Date): Promise<readonly NewsRow[]>;
  /** When the first and the last stored news item about `ticker` published by `asOf` were published; undefined when none. */
  newsSpan(
    ticker: string,
    asOf: Date,
  ): Promise<{ readonly first: string; readonly last: string } | undefined>;
  /** The instrument (ticker matched case-insensitively) or a close-match suggestion. */
  findTicker(ticker: string): Promise<TickerLookup>;
  listInstruments(): Promise<readonly Instrument[]>;
  /**
   * Every followed ticker's last bar known at `asOf` beside the last session closed then (ascending by
   * ticker): the active instruments, and the tickers of the sync's universe no sync has brought yet (no
   * instrument row; `last_bar` null).
   */
  freshness(asOf: Date): Promise<readonly Freshness[]>;
  counts(): Promise<MarketCounts>;
}
