import type { ExchangeCalendar } from '../../../market/calendar/calendar.js';
import { isStale, staleReason } from '../../../market/store/known-through.js';
import type { MarketDataRepo } from '../../../market/store/market-data-repo.js';
import type { SyncStateRepo } from '../../../market/store/sync-state-repo.js';
import type { SyncMetrics } from '../../../market/sync/sync-metrics.js';

export interface MarketMetricsDeps {
  readonly market: MarketDataRepo;
  readonly syncState: SyncStateRepo;
  readonly syncMetrics: SyncMetrics;
  readonly calendar: ExchangeCalendar;
  readonly now: () => Date;
}

const label = (v: string) => v.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));

/**
 * Market-data freshness and sync outcomes in the Prometheus text format (issue #24):
 * - `bellwether_market_followed_tickers`: active instruments and the sync universe's tickers not synced yet;
 * - `bellwether_market_stale_tickers`: those whose last closed session has not arrived (never-synced ones
 *   included), and `…_by_reason{reason}` (`never_synced`, `behind`);
 * - `bellwether_market_data_lag_seconds{provider}`: per provider, time since the close of the session
 *   its most-behind ticker has reached (checkpoints);
 * - `bellwether_market_sync_runs_total{result}` and `bellwether_market_sync_tickers_total{outcome}`:
 *   this process's syncs since it started.
 */
export async function renderMarketMetrics(deps: MarketMetricsDeps): Promise<string> {
  const now = deps.now();
  const freshness = await deps.market.freshness(now);
  const staleOnes = freshness.filter(isStale);
  const stale = staleOnes.length;
  const neverSynced = staleOnes.filter((f) => staleReason(f) === 'never_synced').length;
  const behind = new Map<string, string>();
  for (const { provider, through } of (await deps.syncState.furthestCheckpoints('bars')).values())
    if ((behind.get(provider) ?? '9999') > through) behind.set(provider, through);
  const lines = [
    "# HELP bellwether_market_followed_tickers Tickers followed: active instruments and the sync universe's tickers not synced yet.",
    '# TYPE bellwether_market_followed_tickers gauge',
    `bellwether_market_followed_tickers ${freshness.length}`,
    '# HELP bellwether_market_stale_tickers Followed tickers whose last closed session has not arrived (never-synced ones included).',
    '# TYPE bellwether_market_stale_tickers gauge',
    `bellwether_market_stale_tickers ${stale}`,
    '# HELP bellwether_market_stale_tickers_by_reason Stale tickers by reason: never_synced (no bar yet) or behind.',
    '# TYPE bellwether_market_stale_tickers_by_reason gauge',
    `bellwether_market_stale_tickers_by_reason{reason="never_synced"} ${neverSynced}`,
    `bellwether_market_stale_tickers_by_reason{reason="behind"} ${stale - neverSynced}`,
    '# HELP bellwether_market_data_lag_seconds Per provider, seconds since the close of the session its most-behind ticker reached.',
    '# TYPE bellwether_market_data_lag_seconds gauge',
  ];
  for (const [provider, through] of [...behind].sort()) {
    const closes = deps.calendar.sessionOn(through)?.closes_at ?? new Date(`${through}T23:59:59Z`);
    lines.push(
      `bellwether_market_data_lag_seconds{provider="${label(provider)}"} ${Math.max(0, Math.round((now.getTime() - closes.getTime()) / 1000))}`,
    );
  }
  lines.push(
    '# HELP bellwether_market_sync_runs_total Market-data syncs run by this process, by result.',
    '# TYPE bellwether_market_sync_runs_total counter',
  );
  for (const [result, n] of [...deps.syncMetrics.runs].sort())
    lines.push(`bellwether_market_sync_runs_total{result="${label(result)}"} ${n}`);
  lines.push(
    "# HELP bellwether_market_sync_tickers_total Tickers handled by this process's syncs, by outcome.",
    '# TYPE bellwether_market_sync_tickers_total counter',
  );
  for (const [outcome, n] of [...deps.syncMetrics.tickers].sort())
    lines.push(`bellwether_market_sync_tickers_total{outcome="${label(outcome)}"} ${n}`);
  lines.push(
    '# HELP bellwether_sync_refusals_total Syncs in which a provider refused its key (401 unauthorized, 403 forbidden): rotate or fix the key (docs/operating.md).',
    '# TYPE bellwether_sync_refusals_total counter',
  );
  for (const [key, n] of [...deps.syncMetrics.refusals].sort()) {
    const [provider, reason] = key.split('|');
    lines.push(
      `bellwether_sync_refusals_total{provider="${label(provider ?? '')}",reason="${label(reason ?? '')}"} ${n}`,
    );
  }
  lines.push(
    '# HELP bellwether_market_sync_takeovers_total Syncs this process took over from a node that stopped renewing the sync lease mid-run.',
    '# TYPE bellwether_market_sync_takeovers_total counter',
    `bellwether_market_sync_takeovers_total ${deps.syncMetrics.takeovers}`,
  );
  return `${lines.join('\n')}\n`;
}
