/** A validation problem in an input file: 1-based physical line, the header name of the column if one is at fault. */
export interface IngestError {
  readonly line: number;
  readonly column?: string;
  readonly message: string;
}

/** One raw (unadjusted) daily bar. `date` is the local trading date `YYYY-MM-DD`. */
export interface Bar {
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/**
 * A corporate action on its ex-date. `split`: `value` new shares per old share (2 for a 2-for-1 split,
 * 0.1 for a 1-for-10 reverse split). `dividend`: cash per share in the currency of the prices, as paid
 * (not adjusted for later splits).
 */
export interface CorporateAction {
  readonly date: string;
  readonly kind: 'split' | 'dividend';
  readonly value: number;
}

/** What every parser returns: the valid records (in order) and the errors of the rows it left out. */
export interface ParseOutcome {
  /** Data records read (header and blank lines excluded). */
  readonly records: number;
  readonly errors: readonly IngestError[];
}
