import type { SearchQuery } from '../reference/rank-instruments.js';
import type { CorporateAction, Instrument, NewsRow } from './types.js';

/** Which instruments a listing holds; every filter given must hold. */
export interface InstrumentFilter {
  /** Instruments whose ticker or name could match (`mightMatch`: a superset of the ranking's matches). */
  readonly search?: SearchQuery;
  /** Compared without regard to case. */
  readonly sector?: string;
  /** The provider's industry label, compared without regard to case. */
  readonly industry?: string;
  readonly assetClass?: string;
  /** ISO 10383 MIC. */
  readonly exchange?: string;
  readonly active?: boolean;
}

/** An instrument's daily bars known at an instant: the first, the last, and where the last came from. */
export interface BarSpan {
  /** The last session closed at the instant, in the instrument's calendar. */
  readonly known_through: string;
  readonly first_bar: string | null;
  readonly last_bar: string | null;
  /** The source of the last bar; null without bars. */
  readonly source: string | null;
  /** `split_div` when the provider adjusted the stored prices itself, else `raw` (adjusted on read). */
  readonly basis: 'raw' | 'split_div';
}

/** A corporate action with its ticker, where it came from, and the instrument's currency. */
export interface ActionRow extends CorporateAction {
  readonly ticker: string;
  readonly source: string;
  readonly currency: string;
}

/** Corporate actions known at `asOf` (ex-date on or before its last closed session), ascending by (date, ticker, kind). */
export interface ActionQuery {
  readonly tickers?: readonly string[];
  readonly kind?: CorporateAction['kind'];
  /** First ex-date (inclusive), YYYY-MM-DD. */
  readonly from?: string;
  /** Last ex-date (inclusive). */
  readonly to?: string;
  readonly asOf: Date;
  /** Only rows after this one. */
  readonly after?: { readonly date: string; readonly ticker: string; readonly kind: string };
  readonly limit: number;
}

/** News items published by `asOf`, newest first (by publication time, then id). */
export interface NewsQuery {
  /** Items about any of these tickers. */
  readonly tickers?: readonly string[];
  /** Published at or after this instant (ISO-8601 `Z`). */
  readonly from?: string;
  /** Published before this instant. */
  readonly before?: string;
  readonly asOf: Date;
  /** Only items older than this one. */
  readonly after?: { readonly published_at: string; readonly id: string };
  readonly limit: number;
}

/**
 * The market store read as lists, across tickers: what the discovery routes (/instruments,
 * /corporate-actions, /news) page through. Per-ticker series stay with MarketDataRepo and its cache.
 */
export interface MarketListings {
  /**
   * Every instrument passing the filter, ascending by ticker. Read from a copy of the master kept in memory
   * (it is small and searched on every keystroke), renewed after any market write in this process, any
   * commit by another process (SQLite), or a minute (PostgreSQL, where another machine may write).
   */
  instruments(filter: InstrumentFilter): Promise<readonly Instrument[]>;
  /** Each instrument's bars known at `asOf`, by ticker. */
  barSpans(
    instruments: readonly Pick<Instrument, 'ticker' | 'calendar'>[],
    asOf: Date,
  ): Promise<ReadonlyMap<string, BarSpan>>;
  actions(query: ActionQuery): Promise<readonly ActionRow[]>;
  news(query: NewsQuery): Promise<readonly NewsRow[]>;
}
