import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BurstLimiter, QuotaCounter } from '../../platform/limits/types.js';
import type { PlanCatalog } from '../../platform/plans/plan-catalog.js';
import { ProblemError } from '../errors/problem-error.js';
import { type QuotaState, retryAfterSeconds, setRateLimitHeaders } from './rate-limit-headers.js';

function windowSeconds(window: 'hour' | 'month', windowStart: string): number {
  if (window === 'hour') return 3600;
  const start = new Date(windowStart);
  const end = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  return Math.round((end - start.getTime()) / 1000);
}

function unavailable(cause: unknown): ProblemError {
  return new ProblemError('service_unavailable', 'The rate limiter is unavailable; please retry shortly.', {
    headers: { 'retry-after': '2' },
    cause,
  });
}

/**
 * Burst limit (exact sliding window) then quota. A billable request reserves one unit of quota; the
 * response hook releases it if the answer turns out not to be billable (304, 4xx, 5xx).
 */
export async function enforceLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  billable: boolean,
  deps: { plans: PlanCatalog; burst: BurstLimiter; quota: QuotaCounter },
): Promise<void> {
  const principal = request.principal;
  if (principal === null || principal.plan === null) return;
  const limits = deps.plans.effectiveLimits(principal.plan, principal.account.overrides);
  let burst: Awaited<ReturnType<BurstLimiter['hit']>>;
  try {
    burst = await deps.burst.hit(principal.key_id, limits.burst_limit, limits.burst_window_ms);
  } catch (err) {
    throw unavailable(err);
  }
  if (!burst.allowed) {
    setRateLimitHeaders(reply, burst, undefined, limits.burst_window_ms);
    throw new ProblemError(
      'rate_limited',
      `More than ${burst.limit} requests in one second for this key. Retry after the Retry-After delay, with jitter.`,
      {
        headers: { 'retry-after': retryAfterSeconds(burst.retry_after_ms) },
        extras: { violated_policies: ['burst'] },
      },
    );
  }
  let quota: QuotaState;
  try {
    if (billable) {
      const d = await deps.quota.reserve(
        principal.key_id,
        limits.quota_window,
        limits.quota_amount,
        new Date(),
      );
      quota = {
        limit: d.limit,
        used: d.used,
        window_start: d.window_start,
        reset_ms: d.reset_ms,
        window_seconds: windowSeconds(limits.quota_window, d.window_start),
      };
      if (!d.allowed) {
        setRateLimitHeaders(reply, burst, quota, limits.burst_window_ms);
        throw new ProblemError(
          'quota_exceeded',
          `This key has used its ${limits.quota_amount} requests for the current ${limits.quota_window}; the window resets at ${new Date(Date.now() + d.reset_ms).toISOString().replace(/\.\d{3}Z$/, 'Z')}.`,
          {
            headers: { 'retry-after': retryAfterSeconds(d.reset_ms) },
            extras: { violated_policies: ['quota'] },
          },
        );
      }
      request.quotaReservation = d;
    } else {
      const p = await deps.quota.peek(principal.key_id, limits.quota_window, new Date());
      quota = {
        limit: limits.quota_amount,
        used: p.used,
        window_start: p.window_start,
        reset_ms: p.reset_ms,
        window_seconds: windowSeconds(limits.quota_window, p.window_start),
      };
    }
  } catch (err) {
    if (err instanceof ProblemError) throw err;
    throw unavailable(err);
  }
  setRateLimitHeaders(reply, burst, quota, limits.burst_window_ms);
}

/** 304, client and server errors are not billed: give the reservation back. */
export function isBillableStatus(status: number): boolean {
  return status < 400 && status !== 304;
}
