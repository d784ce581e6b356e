import type { DataIssue } from '../ingest/data-issue.js';

/**
 * A ticker whose stored data a read cannot serve (ADR 0080): a bar without a usable price, or a corporate
 * action whose value cannot be read. Universe-wide operations catch it per ticker and leave the ticker out
 * by name with `reason`; a request for the ticker answers 422 `data_issue` with the issues.
 */
export class DataIssueError extends Error {
  readonly ticker: string;
  /** The `error` issues, by date. */
  readonly issues: readonly DataIssue[];

  constructor(ticker: string, issues: readonly DataIssue[]) {
    const first = issues[0] as DataIssue;
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`${ticker}: ${first.message}${more}`);
    this.name = 'DataIssueError';
    this.ticker = ticker;
    this.issues = issues;
  }
}
