/** A trade on the tape, as a stream adapter reads it from its provider. */
export interface StreamTrade {
  readonly kind: 'trade';
  readonly ticker: string;
  /** When it traded (the provider's timestamp), epoch milliseconds. */
  readonly at: number;
  readonly price: number;
  readonly size: number;
  /** The provider's trade id when it sends one (duplicates are recognised by it). */
  readonly id?: string;
}

/** The best bid and offer at an instant. */
export interface StreamQuote {
  readonly kind: 'quote';
  readonly ticker: string;
  readonly at: number;
  readonly bid: number;
  readonly bidSize: number;
  readonly ask: number;
  readonly askSize: number;
}

/** A minute bar the provider built (its start instant in `at`). */
export interface StreamBar {
  readonly kind: 'bar';
  readonly ticker: string;
  readonly at: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  /** Volume-weighted average price, when the provider sends it. */
  readonly vwap?: number;
}

/** A trading status change (halt, resumption) for one ticker. */
export interface StreamStatus {
  readonly kind: 'status';
  readonly ticker: string;
  readonly at: number;
  /** The provider's status code (Alpaca: `H` halted, `T` trading…). */
  readonly code: string;
  readonly message: string;
}

/** What a market stream delivers, stamped with the adapter's name (the `source` of what flows from it). */
export type StreamEvent = StreamTrade | StreamQuote | StreamBar | StreamStatus;
