import type { MarketSyncResult } from './run-market-sync.js';

/** This process's sync outcomes, for `/metrics` (counters since start). */
export class SyncMetrics {
  /** Ticker outcomes (`synced`, `up_to_date`, `not_reached`, …) summed over runs. */
  readonly tickers = new Map<string, number>();
  /**
   * Runs by result: `completed` (every ticker reached the target), `incomplete`, `refused` (a provider
   * refused its key), `busy`, `error`.
   */
  readonly runs = new Map<string, number>();
  /** Key refusals by `provider|reason` (`unauthorized`, `forbidden`): a wrong or revoked provider key. */
  readonly refusals = new Map<string, number>();
  /** Runs this process took over from a node that stopped renewing the sync lease mid-run. */
  takeovers = 0;

  takeover(): void {
    this.takeovers++;
  }

  record(result: MarketSyncResult | 'error'): void {
    const kind =
      result === 'error'
        ? 'error'
        : !result.ok
          ? result.reason
          : result.refused.length > 0
            ? 'refused'
            : result.counts.not_reached + result.counts.failed > 0
              ? 'incomplete'
              : 'completed';
    this.runs.set(kind, (this.runs.get(kind) ?? 0) + 1);
    if (result === 'error' || !result.ok) return;
    for (const r of result.refused) {
      const k = `${r.provider}|${r.reason}`;
      this.refusals.set(k, (this.refusals.get(k) ?? 0) + 1);
    }
    for (const [outcome, n] of Object.entries(result.counts))
      this.tickers.set(outcome, (this.tickers.get(outcome) ?? 0) + n);
  }
}
