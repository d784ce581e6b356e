/**
 * Something in a ticker's stored data that a read cannot take at face value (ADR 0080). `error`: the
 * ticker's prices cannot be trusted (a bar without a usable price, an action whose value cannot be read):
 * a universe-wide operation leaves the ticker out by name and a request for it answers 422 `data_issue`.
 * `warning`: the data are served as recorded and the issue is listed beside them (GET /instruments/{ticker}).
 */
export interface DataIssue {
  /** The bar's date or the action's ex-date. */
  readonly date: string;
  /** What the issue is about: a daily bar, or a split or dividend row. */
  readonly subject: 'bar' | 'split' | 'dividend';
  /** The action's value as stored (splits and dividends). */
  readonly value?: number;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}
