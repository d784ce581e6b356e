/** Everything the synthetic market produces is labelled with this source. */
export const SYNTHETIC_SOURCE = 'synthetic';
export type SyntheticSource = typeof SYNTHETIC_SOURCE;

export type SyntheticAssetClass = 'equity' | 'crypto' | 'index';

/** The generating parameters of one instrument: the ground truth estimators can be scored against. */
export interface InstrumentModel {
  /** Loading on the market factor (equities; 0 for crypto). */
  readonly beta: number;
  /** Loading on the instrument's sector factor (or the crypto factor). */
  readonly sector_loading: number;
  /** Unconditional annualised volatility of the idiosyncratic component. */
  readonly idio_vol: number;
  /** Expected annual log drift of the total return (before the variance correction). */
  readonly drift: number;
  /** Relative half-spread: ask = mid·(1 + h), bid = mid·(1 − h), before rounding to the price tick. */
  readonly half_spread: number;
  /** Prices are whole multiples of 10^−price_decimals: 2 (cents) for equities and the index. */
  readonly price_decimals: number;
  /** Mid price at the first generated session's previous close. */
  readonly initial_price: number;
  /** Shares (or units) outstanding at the start; multiplied by every split ratio. */
  readonly shares_outstanding: number;
  /** Average daily turnover (volume / shares outstanding) in a normal-volatility state. */
  readonly turnover: number;
  /** Annual dividend yield for payers; 0 for non-payers. */
  readonly dividend_yield: number;
  /** Months of the year (1–12) in which the quarterly dividend goes ex; empty for non-payers. */
  readonly dividend_months: readonly number[];
  /** Raw price above which the company tends to split forward; null when it never splits. */
  readonly split_above: number | null;
  /** Expected number of idiosyncratic jumps per year. */
  readonly jumps_per_year: number;
}

export interface SyntheticInstrument {
  readonly ticker: string;
  readonly name: string;
  readonly asset_class: SyntheticAssetClass;
  /** Sector id (equities), `crypto` or `index`. */
  readonly sector: string;
  /** ISO 10383 MIC of the listing; null for crypto. */
  readonly exchange: 'XNYS' | null;
  /** The calendar its sessions follow: `XNYS` or the 24/7 calendar `24x7`. */
  readonly calendar: 'XNYS' | '24x7';
  readonly currency: 'USD';
  readonly source: SyntheticSource;
  readonly model: InstrumentModel;
}

export interface SyntheticSector {
  readonly id: string;
  readonly name: string;
}

export interface SyntheticUniverse {
  readonly source: SyntheticSource;
  readonly seed: number;
  readonly sectors: readonly SyntheticSector[];
  /** Equities first (in generation order), then crypto, then the benchmark index. */
  readonly instruments: readonly SyntheticInstrument[];
  /** Ticker of the benchmark index instrument (cap-weighted price index of the equities). */
  readonly benchmark: string;
}

/** One raw (unadjusted) daily bar. Prices are on the instrument's grid (cents for equities), volume is whole shares. */
export interface DailyBar {
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/**
 * A corporate action, effective on its ex-date `date`: the first session whose raw prices reflect it.
 * `ratio` is new shares per old share (2 for a 2-for-1 split, 1.5 for 3-for-2, 0.1 for 1-for-10);
 * `amount` is the cash per share held before the ex-date, in raw (not split-adjusted) dollars.
 */
export type CorporateAction =
  | {
      readonly ticker: string;
      readonly date: string;
      readonly kind: 'split';
      readonly ratio: number;
      readonly source: SyntheticSource;
    }
  | {
      readonly ticker: string;
      readonly date: string;
      readonly kind: 'dividend';
      readonly amount: number;
      readonly source: SyntheticSource;
    };

export interface DailyBarsResult {
  readonly source: SyntheticSource;
  readonly adjustment: 'raw';
  /** Per ticker, in universe order; crypto series cover every calendar day of the span. */
  readonly bars: Readonly<Record<string, readonly DailyBar[]>>;
  /** Sorted by date, then by universe order of the ticker. */
  readonly actions: readonly CorporateAction[];
}

export interface Trade {
  /** Epoch milliseconds, strictly increasing within a session. */
  readonly t: number;
  readonly price: number;
  readonly size: number;
  /** The aggressor: `buy` trades at the ask, `sell` trades at the bid. */
  readonly side: 'buy' | 'sell';
}

export interface Quote {
  readonly t: number;
  readonly bid: number;
  readonly ask: number;
  readonly bid_size: number;
  readonly ask_size: number;
}

export interface IntradayResult {
  readonly source: SyntheticSource;
  readonly ticker: string;
  readonly session: string;
  /** The true relative half-spread the quotes were built from (before rounding to the price grid). */
  readonly half_spread: number;
  /**
   * True when `trades` are every print of the session (sizes sum to the daily bar's volume); false when
   * the volume needed more prints than `max_trades` and `trades` are an evenly thinned sample of them.
   */
  readonly complete: boolean;
  readonly trades: readonly Trade[];
  readonly quotes: readonly Quote[];
}

export type NewsTone = 'bearish' | 'neutral' | 'bullish';

export interface NewsItem {
  readonly id: string;
  /** UTC ISO-8601 with `Z`. */
  readonly published_at: string;
  readonly source: SyntheticSource;
  readonly headline: string;
  readonly summary: string;
  readonly url: string;
  readonly tickers: readonly string[];
  /** The tone the template was chosen for: the ground truth a sentiment model can be scored against. */
  readonly tone: NewsTone;
}
