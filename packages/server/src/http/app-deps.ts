import type { Writable } from 'node:stream';
import type { JobRunner } from '../analysis/job-runner.js';
import type { BrokerService } from '../brokers/broker-service.js';
import type { Clock } from '../clock/clock.js';
import type { HttpConfig, LogLevel } from '../config/config.js';
import type { Storage } from '../db/repositories.js';
import type { EventsRuntime } from '../events/events-runtime.js';
import type { QuotaWarnings } from '../events/quota-warnings.js';
import type { ExchangeCalendar } from '../market/calendar/calendar.js';
import type { BenchmarkResolver } from '../market/store/benchmark-resolver.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import type { MarketListings } from '../market/store/market-listings.js';
import type { SyncStateRepo } from '../market/store/sync-state-repo.js';
import type { LiveQuotes } from '../market/streams/live-quotes.js';
import type { SyncMetrics } from '../market/sync/sync-metrics.js';
import type { KeyService } from '../platform/keys/key-service.js';
import type { RedisAdmission } from '../platform/limits/redis-admission.js';
import type { BurstLimiter, QuotaCounter, RefusalLog } from '../platform/limits/types.js';
import type { PlanCatalog } from '../platform/plans/plan-catalog.js';
import type { ComputePool } from './analytics/compute-pool.js';
import type { AnswerSlots } from './answer-slots.js';
import type { Drain } from './drain.js';
import type { AuthFailureBudget } from './pipeline/auth-failure-budget.js';
import type { LastQuota } from './pipeline/last-quota.js';
import type { ResponseSerializers } from './response-serializers.js';

/** Everything the HTTP app needs, built once at start-up (see platform/create-platform.ts). */
export interface AppDeps {
  readonly mode: 'embedded' | 'distributed';
  readonly storage: Storage;
  readonly plans: PlanCatalog;
  readonly keys: KeyService;
  readonly burst: BurstLimiter;
  readonly quota: QuotaCounter;
  /** Distributed mode: key check, burst and quota in one Redis round trip (ADR 0057). */
  readonly admission?: RedisAdmission;
  /** Counts the requests the limits refuse with 429 (for the dashboard; never billed). */
  readonly refusals: RefusalLog;
  /** The quota state last told each meter, for the headers of a burst refusal (one per app). */
  readonly lastQuota: LastQuota;
  readonly clock: Clock;
  readonly calendar: ExchangeCalendar;
  /** Market data (bars, actions, news) as of the service clock. */
  readonly market: MarketDataRepo;
  /** The one benchmark resolver (ADR 0081): what risk and portfolio use when a request names none. */
  readonly benchmarks: BenchmarkResolver;
  /** The market store read as lists across tickers (instruments, corporate actions, news). */
  readonly listings: MarketListings;
  /** The live stream's last trades and quotes (issue #43); absent when the operator configured none. */
  readonly quotes?: LiveQuotes;
  /** The market-data sync's checkpoints and this process's sync outcomes (for /metrics). */
  readonly syncState: SyncStateRepo;
  readonly syncMetrics: SyncMetrics;
  /** How long before the open a session's cards are published (config `cards.leadMinutes`). */
  readonly cardsLeadMs: number;
  /** The publication universe and the cards' costs, for the record's reference books (#48). */
  readonly cardsBooks?: { readonly universe: readonly string[] | undefined; readonly costBps: number };
  /** Analysis jobs: a worker-thread pool fed from the job rows (started and closed with the app). */
  readonly jobs: JobRunner;
  /** Worker threads for the heavy analytics endpoints, with a bounded queue (closed with the app). */
  readonly compute: ComputePool;
  /** Large answers in progress, per key and in all (ADR 0061). */
  readonly answers: AnswerSlots;
  /** An answer whose connection accepts no bytes this long is destroyed (ADR 0061). */
  readonly sendTimeoutMs: number;
  /** Extra readiness probes (Redis ping in distributed mode). */
  readonly readinessChecks: ReadonlyArray<{ name: string; check: () => Promise<void> }>;
  readonly log: { readonly level: LogLevel; readonly stream?: Writable };
  /** Timeouts, per-address caps, trusted proxies and the metrics token (config `http`). */
  readonly http: HttpConfig;
  /** Failed key authentications per client address (config `http.authFailuresPerMinute`, ADR 0062). */
  readonly authFailures: AuthFailureBudget;
  readonly version: string;
  /** Events: the hub, webhook endpoints, stream slots and this process's dispatcher (started with the app). */
  readonly events: EventsRuntime;
  /** Broker connections and the orders placed from cards (issue #30). */
  readonly brokers: BrokerService;
  /** `quota.warning` events at 80 % and 100 % of a window. */
  readonly quotaWarnings: QuotaWarnings;
  /** The stop in two steps: readiness fails first, then the listener closes and requests drain (ADR 0085). */
  readonly drain: Drain;
  /** Response serializers shared with the other apps of this process (tests build hundreds); none: this app compiles its own. */
  readonly serializers?: ResponseSerializers;
}
