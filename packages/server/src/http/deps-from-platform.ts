import type { Writable } from 'node:stream';
import { BullTransport } from '../analysis/bull-transport.js';
import { JobRunner } from '../analysis/job-runner.js';
import { brokerRuntime } from '../brokers/broker-runtime.js';
import { publicationDeps } from '../cards/publication-deps.js';
import type { LogLevel } from '../config/config.js';
import { eventsRuntime } from '../events/events-runtime.js';
import { QuotaWarnings } from '../events/quota-warnings.js';
import { backtestWork } from '../lab/backtests/backtest-work.js';
import { XNYS } from '../market/calendar/xnys.js';
import type { Platform } from '../platform/create-platform.js';
import { readinessChecks } from '../platform/readiness-checks.js';
import { VERSION } from '../version.js';
import { ComputePool } from './analytics/compute-pool.js';
import { AnswerSlots } from './answer-slots.js';
import type { AppDeps } from './app-deps.js';
import { Drain } from './drain.js';
import { AuthFailureBudget } from './pipeline/auth-failure-budget.js';
import { LastQuota } from './pipeline/last-quota.js';

/** The analysis job runner a platform's configuration asks for (BullMQ between processes when distributed). */
export function analysisRunner(platform: Platform, threads = platform.config.analysis.threads): JobRunner {
  const { config } = platform;
  const transport =
    config.mode === 'distributed' && config.redisUrl !== undefined
      ? new BullTransport({ redisUrl: config.redisUrl, redisPrefix: config.redisPrefix })
      : undefined;
  return new JobRunner(
    {
      analysis: platform.storage.analysis,
      market: platform.market,
      benchmarks: platform.benchmarks,
      clock: platform.clock,
      ...(transport === undefined ? {} : { transport }),
      // Backtests run on the same runner and threads (ADR 0101).
      works: { backtest: backtestWork(publicationDeps(platform)) },
    },
    {
      ...(threads === undefined ? {} : { threads }),
      maxQueued: config.analysis.queueLimit,
      leaseMs: config.analysis.leaseSeconds * 1000,
      retentionMs: config.analysis.retentionDays * 86_400_000,
    },
  );
}

/** Wires a platform into the HTTP app's dependencies. */
export function depsFromPlatform(platform: Platform, log: { level: LogLevel; stream?: Writable }): AppDeps {
  return {
    mode: platform.config.mode,
    storage: platform.storage,
    plans: platform.plans,
    keys: platform.keys,
    burst: platform.limiters.burst,
    quota: platform.limiters.quota,
    ...(platform.limiters.admission === undefined ? {} : { admission: platform.limiters.admission }),
    refusals: platform.refusals,
    lastQuota: new LastQuota(),
    clock: platform.clock,
    calendar: XNYS,
    market: platform.market,
    benchmarks: platform.benchmarks,
    listings: platform.listings,
    syncState: platform.syncState,
    syncMetrics: platform.syncMetrics,
    cardsLeadMs: platform.config.cards.leadMinutes * 60_000,
    cardsBooks: { universe: platform.config.cards.universe, costBps: platform.config.cards.costBps },
    jobs: analysisRunner(platform),
    compute: new ComputePool({
      queueLimit: platform.config.compute.queueLimit,
      warm: platform.config.compute.warm ?? false,
    }),
    answers: new AnswerSlots({
      minReadBytesPerSecond: platform.config.http.minReadBytesPerSecond,
      readWindowMs: platform.config.http.readWindowMs,
    }),
    sendTimeoutMs: platform.config.sendTimeoutSeconds * 1000,
    readinessChecks: readinessChecks(platform),
    log,
    http: platform.config.http,
    authFailures: new AuthFailureBudget(platform.config.http.authFailuresPerMinute),
    version: VERSION,
    events: eventsRuntime(platform),
    brokers: brokerRuntime(platform),
    quotaWarnings: new QuotaWarnings(platform.storage.events),
    drain: new Drain(),
  };
}
