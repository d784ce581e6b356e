import type { Bar, CorporateAction } from '../ingest/types.js';
import type { NewsRow } from '../store/types.js';

/**
 * How a provider's prices stand: `raw` as traded, with the corporate actions beside them (adjustment
 * stays on read); `split_div` already adjusted by the provider for splits and dividends (Stooq), to be
 * stored as such and never adjusted a second time.
 */
export type PriceBasis = 'raw' | 'split_div';

/** One ticker's daily bars over a range of dates, as a provider serves them. */
export interface DailyBarsAnswer {
  readonly ticker: string;
  /** Ascending by date, one per date, inside the asked range; empty when the range holds no session. */
  readonly bars: readonly Bar[];
  readonly basis: PriceBasis;
  /** Splits and dividends on their ex-dates inside the range (always empty for `split_div`). */
  readonly actions: readonly CorporateAction[];
}

/** Inclusive range of session dates (`YYYY-MM-DD`). */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

/**
 * The port every market-data provider adapter implements (DESIGN §6, issue #24). Adapters translate
 * one provider's documented protocol, and its documented failures, into this shape and into
 * `ProviderError`s; they never retry, wait or budget themselves (the sync does, the same way for all).
 */
export interface MarketDataProvider {
  /** Lower-case name, also the stored `source` prefix (`tiingo`, `stooq`). */
  readonly name: string;
  dailyBars(ticker: string, range: DateRange, signal?: AbortSignal): Promise<DailyBarsAnswer>;
}

/** A provider of dated news items about a ticker (company news, or filings read as news). */
export interface NewsProvider {
  readonly name: string;
  /** Items published inside the range (dates in UTC), oldest first, each with an id stable across calls. */
  news(ticker: string, range: DateRange, signal?: AbortSignal): Promise<readonly NewsRow[]>;
}

/** What a provider's reference data say about a listing (fields it does not know are absent). */
export interface InstrumentReference {
  readonly ticker: string;
  readonly name?: string;
  /** ISO 10383 MIC of the listing. */
  readonly exchange?: string;
  readonly sector?: string;
  /** The provider's own industry label (e.g. an SIC description). */
  readonly industry?: string;
  /** False when the provider says the listing ended; `delisted_on` then says when (`YYYY-MM-DD`) if known. */
  readonly active?: boolean;
  readonly delisted_on?: string;
}

/** What a reference can complete; `active` stands for the listing's status and its delisting date. */
export type ReferenceField = 'name' | 'exchange' | 'sector' | 'industry' | 'active';

/** A provider of reference data (names, listings, sectors), one ticker a request. */
export interface ReferenceProvider {
  readonly name: string;
  /** The fields its references can hold (a provider is not asked for what it never knows). */
  readonly referenceFields: readonly ReferenceField[];
  reference(ticker: string, signal?: AbortSignal): Promise<InstrumentReference>;
}

/**
 * A provider of reference data for every listing at once (Alpha Vantage's LISTING_STATUS): one request
 * answers the whole universe, so a sync asks it at most once and only when a ticker lacks what it gives.
 */
export interface BulkReferenceProvider {
  readonly name: string;
  readonly referenceFields: readonly ReferenceField[];
  /** Every listing it reports, by upper-case ticker. */
  references(signal?: AbortSignal): Promise<ReadonlyMap<string, InstrumentReference>>;
}
