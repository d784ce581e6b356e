import type { FastifyReply, FastifyRequest } from 'fastify';
import { iso } from '../../clock/iso.js';
import type { QuotaWindow, RefusalPolicy } from '../../db/records.js';
import type { QuotaWarnings } from '../../events/quota-warnings.js';
import type { Principal } from '../../platform/keys/key-service.js';
import { quotaWindowAt } from '../../platform/limits/quota-windows.js';
import { hasSyncHit, hasSyncReserve } from '../../platform/limits/sync-limits.js';
import type {
  BurstDecision,
  BurstLimiter,
  QuotaCounter,
  QuotaDecision,
  RefusalLog,
} from '../../platform/limits/types.js';
import type { EffectiveLimits, PlanCatalog } from '../../platform/plans/plan-catalog.js';
import { ProblemError } from '../../problems/problem-error.js';
import type { LastQuota } from './last-quota.js';
import { type QuotaState, retryAfterSeconds, setRateLimitHeaders } from './rate-limit-headers.js';

export interface LimitDeps {
  readonly plans: PlanCatalog;
  readonly burst: BurstLimiter;
  readonly quota: QuotaCounter;
  readonly refusals: RefusalLog;
  /** What this app last told each quota meter (for the headers of a burst refusal). */
  readonly lastQuota: LastQuota;
  /** Writes `quota.warning` events at 80 % and 100 % of a window (absent: none). */
  readonly quotaWarnings?: QuotaWarnings;
}

function windowSeconds(window: 'hour' | 'month', windowStart: string): number {
  if (window === 'hour') return 3600;
  const start = new Date(windowStart);
  const end = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  return Math.round((end - start.getTime()) / 1000);
}

/** Window length of the last window seen per kind (a month's length changes once a month). */
const lastMonth = { window_start: '', seconds: 0 };
function windowSecondsCached(window: 'hour' | 'month', windowStart: string): number {
  if (window === 'hour') return 3600;
  if (lastMonth.window_start !== windowStart) {
    lastMonth.seconds = windowSeconds(window, windowStart);
    lastMonth.window_start = windowStart;
  }
  return lastMonth.seconds;
}

/**
 * Effective limits per principal. A principal object belongs to one version of its key's cached row
 * (the key service builds a new one whenever the row or its account changes), so this never serves
 * limits older than the principal itself.
 */
const limitsByPrincipal = new WeakMap<Principal, EffectiveLimits>();
export function limitsOf(
  principal: Principal & { plan: NonNullable<Principal['plan']> },
  plans: PlanCatalog,
) {
  let limits = limitsByPrincipal.get(principal);
  if (limits === undefined) {
    limits = plans.effectiveLimits(principal.plan, principal.account.overrides);
    limitsByPrincipal.set(principal, limits);
  }
  return limits;
}

/** The limiter's store (Redis) failed: a 503 the client may retry. */
export function limiterUnavailable(cause: unknown): ProblemError {
  return new ProblemError('service_unavailable', 'The rate limiter is unavailable; please retry shortly.', {
    headers: { 'retry-after': '2' },
    cause,
  });
}

/**
 * Counts a 429 in the key's quota window (in memory; written with the usage flush, never billed). The
 * answer is a 429 whatever happens here: a counter that cannot record (ledger closed during shutdown)
 * is logged, not turned into an error.
 */
function countRefusal(
  request: FastifyRequest,
  refusals: RefusalLog,
  key_id: string,
  window: QuotaWindow,
  window_start: string,
  policy: RefusalPolicy,
): void {
  try {
    refusals.record(key_id, window, window_start, policy);
  } catch (err) {
    request.log.warn({ err }, 'could not count a refused request');
  }
}

/**
 * Burst limit (exact sliding window) then quota. A billable request reserves one unit of quota; the
 * response hook releases it if the answer turns out not to be billable (304, 4xx, 5xx).
 *
 * Returns `undefined` when everything was decided synchronously (in-memory limiters with a hydrated
 * counter: no promise hop on the hot path), else a promise; failures are thrown (or rejected) as
 * ProblemErrors either way.
 */
export function enforceLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  billable: boolean,
  deps: LimitDeps,
): Promise<void> | undefined {
  const principal = request.principal;
  if (principal === null || principal.plan === null) return undefined;
  const limits = limitsOf(principal as Principal & { plan: NonNullable<Principal['plan']> }, deps.plans);
  const burstLimiter = deps.burst;
  if (hasSyncHit(burstLimiter)) {
    let burst: BurstDecision;
    try {
      burst = burstLimiter.hitSync(principal.key_id, limits.burst_limit, limits.burst_window_ms);
    } catch (err) {
      throw limiterUnavailable(err);
    }
    return afterBurst(request, reply, billable, deps, principal.meter_id, limits, burst);
  }
  return burstLimiter.hit(principal.key_id, limits.burst_limit, limits.burst_window_ms).then(
    (burst) => afterBurst(request, reply, billable, deps, principal.meter_id, limits, burst),
    (err: unknown) => {
      throw limiterUnavailable(err);
    },
  );
}

/**
 * The rest of the pipeline once the burst decision is made: a refusal, or the quota step, both counted
 * on the principal's quota meter (`meter_id`, ADR 0064). `decided`
 * is the quota outcome when the caller already has it (the distributed one-round-trip admission
 * reserved or read the counter in the same script), else the quota counter is asked.
 */
export function afterBurst(
  request: FastifyRequest,
  reply: FastifyReply,
  billable: boolean,
  deps: LimitDeps,
  meter_id: string,
  limits: EffectiveLimits,
  burst: BurstDecision,
  decided?: QuotaDecision,
): Promise<void> | undefined {
  if (!burst.allowed) {
    const now_ms = Date.now();
    const window_start = quotaWindowAt(limits.quota_window, now_ms).window_start;
    countRefusal(request, deps.refusals, meter_id, limits.quota_window, window_start, 'burst');
    // The quota headers too, as on every other answer: from what this process last told the key (no
    // counter call per refusal), else one look at the counter; a failing look leaves them out, never the 429.
    const refuse = (q: { used: number; window_start: string; reset_ms: number } | undefined): never => {
      setRateLimitHeaders(
        reply,
        burst,
        q === undefined
          ? undefined
          : {
              limit: limits.quota_amount,
              used: q.used,
              window_start: q.window_start,
              reset_ms: q.reset_ms,
              window_seconds: windowSecondsCached(limits.quota_window, q.window_start),
            },
        limits.burst_window_ms,
      );
      throw new ProblemError(
        'rate_limited',
        `More than ${burst.limit} requests in one second for this key. Retry after the Retry-After delay, with jitter.`,
        {
          headers: { 'retry-after': retryAfterSeconds(burst.retry_after_ms) },
          extras: { violated_policies: ['burst'] },
        },
      );
    };
    const known = decided ?? deps.lastQuota.recall(meter_id, limits.quota_window, now_ms);
    if (known !== undefined) return refuse(known);
    return deps.quota
      .peek(meter_id, limits.quota_window, new Date(now_ms))
      .then(refuse, () => refuse(undefined));
  }
  if (billable) {
    if (decided !== undefined) return afterReserve(request, reply, deps, meter_id, limits, burst, decided);
    const quota = deps.quota;
    if (hasSyncReserve(quota)) {
      let d: QuotaDecision | undefined;
      try {
        d = quota.reserveSync(meter_id, limits.quota_window, limits.quota_amount, Date.now());
      } catch (err) {
        throw limiterUnavailable(err);
      }
      if (d !== undefined) return afterReserve(request, reply, deps, meter_id, limits, burst, d);
    }
    return quota.reserve(meter_id, limits.quota_window, limits.quota_amount, new Date()).then(
      (d) => afterReserve(request, reply, deps, meter_id, limits, burst, d),
      (err: unknown) => {
        throw limiterUnavailable(err);
      },
    );
  }
  const peeked = (p: { used: number; window_start: string; reset_ms: number }) => {
    deps.lastQuota.remember(meter_id, limits.quota_window, p.used, p.window_start);
    setRateLimitHeaders(
      reply,
      burst,
      {
        limit: limits.quota_amount,
        used: p.used,
        window_start: p.window_start,
        reset_ms: p.reset_ms,
        window_seconds: windowSecondsCached(limits.quota_window, p.window_start),
      },
      limits.burst_window_ms,
    );
  };
  if (decided !== undefined) {
    peeked(decided);
    return undefined;
  }
  return deps.quota.peek(meter_id, limits.quota_window, new Date()).then(peeked, (err: unknown) => {
    throw limiterUnavailable(err);
  });
}

function afterReserve(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: LimitDeps,
  meter_id: string,
  limits: EffectiveLimits,
  burst: BurstDecision,
  d: QuotaDecision,
): undefined {
  const quota: QuotaState = {
    limit: d.limit,
    used: d.used,
    window_start: d.window_start,
    reset_ms: d.reset_ms,
    window_seconds: windowSecondsCached(limits.quota_window, d.window_start),
  };
  deps.lastQuota.remember(meter_id, limits.quota_window, d.used, d.window_start);
  setRateLimitHeaders(reply, burst, quota, limits.burst_window_ms);
  if (!d.allowed) {
    const refuse = () => {
      countRefusal(request, deps.refusals, meter_id, limits.quota_window, d.window_start, 'quota');
      return new ProblemError(
        'quota_exceeded',
        `This key has used its ${limits.quota_amount} requests for the current ${limits.quota_window}; the window resets at ${iso(Date.now() + d.reset_ms)}.`,
        {
          headers: { 'retry-after': retryAfterSeconds(d.reset_ms) },
          extras: { violated_policies: ['quota'] },
        },
      );
    };
    // A replay of a stored request creates nothing and is not billed: its handler decides (ADR 0063).
    if (request.routeOptions.config.api?.replayable === true) {
      request.quotaRefusal = refuse;
      return undefined;
    }
    throw refuse();
  }
  request.quotaReservation = d;
  const principal = request.principal;
  if (deps.quotaWarnings !== undefined && principal !== null)
    deps.quotaWarnings.observe(principal.account.id, principal.key_id, limits.quota_window, d);
  return undefined;
}

/** 304, client and server errors are not billed: give the reservation back. */
export function isBillableStatus(status: number): boolean {
  return status < 400 && status !== 304;
}
