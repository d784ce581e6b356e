import { iso } from '../../clock/iso.js';
import { type Adjustment, type AdjustmentFactors, adjustmentFactorsOf } from '../ingest/adjust.js';
import type { DataIssue } from '../ingest/data-issue.js';
import { DataIssueError } from './data-issue-error.js';
import { barIssues } from './history-issues.js';
import { instrumentCalendar, knownThrough } from './known-through.js';
import type { TickerHistory } from './market-data-cache.js';
import type { DailySeries, SeriesQuery } from './types.js';

/** Number of `dates` (ascending) that are `< value` (`inclusive`: `<= value`). */
function bound(dates: readonly string[], value: string, inclusive: boolean): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const d = dates[mid] as string;
    if (d < value || (inclusive && d === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Factors per cached history, by adjustment and number of known bars: repeated analytics on a ticker
 * pay for the factor pass once per session, not once per request. Entries go with their history.
 */
const FACTOR_SETS_PER_TICKER = 6;
const factorMemo = new WeakMap<TickerHistory, Map<string, AdjustmentFactors>>();
/** Bar issues of each cached history, all its bars checked once; a read keeps those it knows. */
const barIssueMemo = new WeakMap<TickerHistory, readonly DataIssue[]>();

function knownBarIssues(history: TickerHistory, known: number): readonly DataIssue[] {
  let issues = barIssueMemo.get(history);
  if (issues === undefined) {
    issues = barIssues(history, history.dates.length);
    barIssueMemo.set(history, issues);
  }
  if (issues.length === 0 || known === history.dates.length) return issues;
  const last = history.dates[known - 1];
  return last === undefined ? [] : issues.filter((i) => i.date <= last);
}

function factorsFor(
  history: TickerHistory,
  known: number,
  through: string,
  adjustment: Adjustment,
): AdjustmentFactors {
  let memo = factorMemo.get(history);
  if (memo === undefined) {
    memo = new Map();
    factorMemo.set(history, memo);
  }
  const key = `${adjustment}|${known}|${through}`;
  let f = memo.get(key);
  if (f === undefined) {
    f = adjustmentFactorsOf(
      {
        length: known,
        date: (i) => history.dates[i] as string,
        close: (i) => history.close[i] as number,
      },
      history.actions.filter((a) => a.date <= through),
      adjustment,
    );
    memo.set(key, f);
    // Backtests ask for many as-of instants: keep the few most recent factor sets, not one per session.
    if (memo.size > FACTOR_SETS_PER_TICKER) memo.delete(memo.keys().next().value as string);
  }
  return f;
}

/**
 * The window of a ticker's history known at `query.asOf`, adjusted on read. Factors are computed over
 * the whole known history (with the actions known by then) before slicing, so a window's adjusted
 * prices do not depend on where the window starts or ends. Throws a DataIssueError when a known bar has
 * no usable price, or (adjusted reads) an action cannot be read (ADR 0080): one ticker's bad row is that
 * ticker's problem, stated, never a wrong number.
 */
export function sliceSeries(history: TickerHistory, query: SeriesQuery): DailySeries {
  const through = knownThrough(instrumentCalendar(history.instrument.calendar), query.asOf);
  const known = bound(history.dates, through, true);
  const end = query.to === undefined || query.to >= through ? known : bound(history.dates, query.to, true);
  const first = query.from === undefined ? 0 : Math.min(bound(history.dates, query.from, false), end);
  const start = query.tail === undefined ? first : Math.max(first, end - Math.max(0, query.tail));
  const n = end - start;
  const open = history.open.slice(start, end);
  const high = history.high.slice(start, end);
  const low = history.low.slice(start, end);
  const close = history.close.slice(start, end);
  const volume = history.volume.slice(start, end);
  // A series stored already adjusted is served as it is, whatever was asked, and says so.
  const adjustment = history.basis === 'raw' ? query.adjustment : history.basis;
  const bad = knownBarIssues(history, known);
  if (bad.length > 0) throw new DataIssueError(history.instrument.ticker, bad);
  if (history.basis === 'raw' && query.adjustment !== 'raw' && n > 0) {
    const f = factorsFor(history, known, through, query.adjustment);
    const unread = f.issues.filter((i) => i.severity === 'error');
    if (unread.length > 0) throw new DataIssueError(history.instrument.ticker, unread);
    for (let i = 0; i < n; i++) {
      const p = f.price[start + i] as number;
      open[i] = (open[i] as number) * p;
      high[i] = (high[i] as number) * p;
      low[i] = (low[i] as number) * p;
      close[i] = (close[i] as number) * p;
      volume[i] = (volume[i] as number) * (f.volume[start + i] as number);
    }
  }
  const sources = [...new Set(history.sources.slice(start, end))].sort();
  return {
    ticker: history.instrument.ticker,
    adjustment,
    as_of: iso(query.asOf),
    known_through: through,
    last_bar: history.dates[known - 1] ?? null,
    source: sources.length === 0 ? 'none' : sources.join('+'),
    dates: history.dates.slice(start, end),
    open,
    high,
    low,
    close,
    volume,
  };
}
