import type { TickerPlan } from './sync-daily-bars.js';

/**
 * Days before a checkpoint an incremental sync asks again: providers revise recent bars (Tiingo until
 * the evening, corrections days later), and one request brings them at no extra cost.
 */
const REVISION_OVERLAP_DAYS = 7;

const shiftDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface SyncPlan {
  readonly plan: readonly TickerPlan[];
  /** Tickers whose checkpoint already reaches the target session. */
  readonly upToDate: readonly string[];
}

/**
 * What each ticker needs to reach `target` (the last session closed): from `from` for every ticker when
 * given (a forced re-sync of a range); else from shortly before its checkpoint (incremental), or
 * `backfillYears` back for a ticker never synced (a backfill). A ticker already through `target` waits.
 */
export function planSync(x: {
  readonly tickers: readonly string[];
  /** The furthest checkpoint per ticker, whichever provider wrote it. */
  readonly through: ReadonlyMap<string, string>;
  readonly target: string;
  readonly from?: string;
  readonly backfillYears: number;
}): SyncPlan {
  const plan: TickerPlan[] = [];
  const upToDate: string[] = [];
  const [y, m, d] = x.target.split('-').map(Number) as [number, number, number];
  // Date.UTC rolls 29 February of a common year over to 1 March.
  const backfillFrom = new Date(Date.UTC(y - x.backfillYears, m - 1, d)).toISOString().slice(0, 10);
  for (const ticker of x.tickers) {
    const through = x.through.get(ticker);
    if (x.from !== undefined) plan.push({ ticker, range: { from: x.from, to: x.target } });
    else if (through === undefined) plan.push({ ticker, range: { from: backfillFrom, to: x.target } });
    else if (through >= x.target) upToDate.push(ticker);
    else plan.push({ ticker, range: { from: shiftDays(through, -REVISION_OVERLAP_DAYS), to: x.target } });
  }
  return { plan, upToDate };
}
