import type { ExchangeCalendar } from '../calendar/calendar.js';
import { type MarketSyncDeps, type MarketSyncResult, runMarketSync, SYNC_LEASE } from './run-market-sync.js';
import type { SyncMetrics } from './sync-metrics.js';

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Longest setTimeout Node accepts; later instants are reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * A sync that left tickers behind (provider down or late, budget spent) tries again after a back-off in
 * minutes — 1, 2, 4, 8, 16, then every 30 — so data are fresh within minutes of a provider's return…
 */
const RETRY_BASE_MS = 60_000;
const RETRY_CAP_MS = 30 * 60_000;
/** …this many times after a close (a delisted ticker is behind for good: not asked all night). */
const RETRIES = 10;
/**
 * Publication waits at most this long for a sync (here or on another node), then publishes from the
 * tickers that are fresh and names the rest: a first backfill within a free tier can take hours.
 */
const MAX_SETTLE_MS = 30 * 60_000;
const POLL_ELSEWHERE_MS = 5_000;
/** Shutdown waits this long for the running sync to stop (each ticker is its own transaction: safe to leave). */
const STOP_GRACE_MS = 5_000;

/** How long the `retry`th retry after a close waits (1-based): 1, 2, 4, 8, 16 minutes, then 30. */
export function syncRetryDelayMs(retry: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, retry - 1), RETRY_CAP_MS);
}

/**
 * When the next sync runs: `delayMinutes` after the next session's close in `calendar` (today's when it
 * is still to come; a holiday or weekend has none, an early close comes early), or `retryInMs` from now
 * when the last run left tickers behind, whichever is first.
 */
export function nextSyncAt(
  calendar: ExchangeCalendar,
  now: Date,
  delayMinutes: number,
  retryInMs?: number,
): Date {
  const afterClose = calendar.currentOrNext(now).closes_at.getTime() + delayMinutes * 60_000;
  return new Date(retryInMs === undefined ? afterClose : Math.min(now.getTime() + retryInMs, afterClose));
}

/**
 * Runs the market-data sync inside `bellwether serve` (issue #24, ADR 0067): once at start (catch-up, or
 * the first backfill), then `delayMinutes` after each session's close on the calendar (early closes
 * included; holidays have none), and again after a back-off in minutes while tickers are left behind,
 * until the next close. Publication awaits `settled()`: a sync running here or on another node (the
 * lease) first. Several nodes may run it; the lease lets one sync at a time, and the others find the
 * work done. Every node watches the lease (a third of its life, in real time): one that ran out without
 * being released belonged to a node that stopped mid-run, and a watching node takes the run over at once
 * (ADR 0084), rather than at the next close.
 */
export class SyncScheduler {
  #timer: NodeJS.Timeout | undefined;
  #watch: NodeJS.Timeout | undefined;
  #stopped = false;
  #running: Promise<MarketSyncResult | undefined> | undefined;
  #retries = 0;
  #lastTarget: string | undefined;
  readonly #abort = new AbortController();

  constructor(
    private readonly deps: MarketSyncDeps & { readonly calendar: ExchangeCalendar },
    private readonly log: SyncLog,
    private readonly metrics: SyncMetrics,
  ) {}

  /** Starts the catch-up sync in the background, the timer for the next one, and the lease watch. */
  start(): void {
    this.#run();
    this.#watch = setInterval(
      () => void this.#takeOverAbandoned(),
      (this.deps.config.leaseSeconds * 1000) / 3,
    );
    this.#watch.unref();
  }

  /** Runs the sync now when the lease ran out unreleased: its holder stopped mid-run. */
  async #takeOverAbandoned(): Promise<void> {
    if (this.#stopped || this.#running !== undefined) return;
    try {
      const holder = await this.deps.state.abandonedLease(SYNC_LEASE);
      if (holder === undefined || this.#stopped || this.#running !== undefined) return;
      this.log.warn({ holder }, 'market sync: taking over a run whose node stopped renewing its lease');
      this.metrics.takeover();
      this.#run();
    } catch {
      // The database is away for a moment: the next look tries again.
    }
  }

  /**
   * Resolves once no sync is running — this process's, then any other node's (the lease) — or after
   * `maxMs` (30 minutes), whichever is first: publication should scan the data a sync is bringing, but
   * not wait hours for a long backfill (it names the tickers still stale).
   */
  async settled(maxMs = MAX_SETTLE_MS): Promise<void> {
    const until = Date.now() + maxMs;
    const running = this.#running;
    if (running !== undefined) await Promise.race([running, sleep(maxMs)]);
    while (
      !this.#stopped &&
      Date.now() < until &&
      (await this.deps.state.leaseHolder(SYNC_LEASE)) !== undefined
    )
      await sleep(Math.min(POLL_ELSEWHERE_MS, Math.max(0, until - Date.now())));
  }

  /** Stops scheduling and asks the running sync to stop; waits for it a few seconds at most. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#watch !== undefined) clearInterval(this.#watch);
    this.#abort.abort();
    const running = this.#running;
    if (running !== undefined) await Promise.race([running, sleep(STOP_GRACE_MS)]);
  }

  #run(): void {
    if (this.#stopped || this.#running !== undefined) return;
    this.#running = this.#sync().finally(() => {
      this.#running = undefined;
    });
    void this.#running.then((r) => this.#schedule(r));
  }

  async #sync(): Promise<MarketSyncResult | undefined> {
    try {
      const r = await runMarketSync(this.deps, {
        signal: this.#abort.signal,
        onTicker: (t, done, of) => {
          if (t.outcome !== 'synced' && t.outcome !== 'no_data')
            this.log.warn(
              { ticker: t.ticker, outcome: t.outcome, reason: t.reason },
              'market sync: ticker left behind',
            );
          if (t.outcome === 'synced' && t.warnings.length > 0)
            this.log.warn(
              { ticker: t.ticker, warnings: t.warnings },
              'market sync: data issues in the answer',
            );
          if (done % 25 === 0 || done === of) this.log.info({ done, of }, 'market sync progress');
        },
      });
      this.metrics.record(r);
      if (r.ok && r.refused.length > 0)
        this.log.error(
          { refused: r.refused },
          'market sync: a provider refused its key (wrong or revoked): waiting will not help; set a valid key (docs/operating.md)',
        );
      if (!r.ok) this.log.info({ reason: r.reason }, r.message);
      else
        this.log.info(
          { target: r.target, providers: r.providers, universe: r.universe, counts: r.counts },
          'market sync finished',
        );
      return r;
    } catch (err) {
      this.metrics.record('error');
      this.log.error({ err }, 'market sync failed; will retry');
      return undefined;
    }
  }

  /** The next run: soon while tickers are left behind, else after the next close. */
  #schedule(last: MarketSyncResult | undefined): void {
    if (this.#stopped) return;
    const behind =
      last === undefined ||
      (last.ok &&
        (last.counts.not_reached > 0 ||
          last.results.some((r) => r.outcome === 'synced' && r.through < last.target)));
    if (last?.ok === true && last.target !== this.#lastTarget) {
      this.#lastTarget = last.target;
      this.#retries = 0;
    }
    const retry = behind && this.#retries < RETRIES;
    if (retry) this.#retries++;
    else if (!behind) this.#retries = 0;
    const at = nextSyncAt(
      this.deps.calendar,
      this.deps.now(),
      this.deps.config.delayMinutes,
      retry ? syncRetryDelayMs(this.#retries) : undefined,
    ).getTime();
    this.#arm(at);
  }

  /** A timer for `at`, re-armed in steps when it lies beyond what setTimeout takes. */
  #arm(at: number): void {
    if (this.#stopped) return;
    // One timer: a run started by the lease watch re-arms it when it ends.
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const delay = Math.min(Math.max(at - this.deps.now().getTime(), 0), MAX_TIMER_MS);
    this.#timer = setTimeout(() => {
      if (this.deps.now().getTime() < at) this.#arm(at);
      else this.#run();
    }, delay);
    this.#timer.unref();
  }
}
