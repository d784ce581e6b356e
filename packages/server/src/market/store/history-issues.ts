import { adjustmentFactorsOf } from '../ingest/adjust.js';
import { barIssue, usableBar } from '../ingest/bar-issue.js';
import type { DataIssue } from '../ingest/data-issue.js';
import type { TickerHistory } from './market-data-cache.js';

/** Issues of the bars of `history[0, known)` (ADR 0080): each bar without a usable price, an `error`. */
export function barIssues(history: TickerHistory, known: number): DataIssue[] {
  const issues: DataIssue[] = [];
  const { open, high, low, close, volume } = history;
  for (let i = 0; i < known; i++) {
    // A bar object only for a bar that has an issue (a cold screen checks ~280,000 bars).
    if (
      usableBar(
        open[i] as number,
        high[i] as number,
        low[i] as number,
        close[i] as number,
        volume[i] as number,
      )
    )
      continue;
    const issue = barIssue({
      date: history.dates[i] as string,
      open: history.open[i] as number,
      high: history.high[i] as number,
      low: history.low[i] as number,
      close: history.close[i] as number,
      volume: history.volume[i] as number,
    });
    if (issue !== undefined) issues.push(issue);
  }
  return issues;
}

/** A ticker's bars known at an instant, and what reads of them flag. */
export interface KnownData {
  /** Daily bars known. */
  readonly bars: number;
  readonly issues: readonly DataIssue[];
}

/**
 * Every data issue of a ticker's history known through `through`: its bars' and its corporate actions'
 * (as the split+dividend adjustment reads them), by date. What GET /instruments/{ticker} lists.
 */
export function historyIssues(history: TickerHistory, through: string): KnownData {
  let known = history.dates.length;
  while (known > 0 && (history.dates[known - 1] as string) > through) known--;
  const actions = adjustmentFactorsOf(
    {
      length: known,
      date: (i) => history.dates[i] as string,
      close: (i) => history.close[i] as number,
    },
    history.actions.filter((a) => a.date <= through),
    'split_div',
  ).issues;
  const issues = [...barIssues(history, known), ...actions].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );
  return { bars: known, issues };
}
