import type { FastifyReply } from 'fastify';
import type { BurstDecision } from '../../platform/limits/types.js';

export interface QuotaState {
  readonly limit: number;
  readonly used: number;
  readonly window_start: string;
  readonly reset_ms: number;
  /** Window length in seconds (an hour, or this calendar month's length). */
  readonly window_seconds: number;
}

const ceilSeconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/**
 * Rate-limit headers: `RateLimit-Policy` / `RateLimit` as in draft-ietf-httpapi-ratelimit-headers
 * (structured-field lists with one item per policy: `"burst"` and `"quota"`), plus the older
 * `X-RateLimit-Limit/Remaining/Reset` describing the quota (Reset in UTC epoch seconds, as GitHub).
 */
export function setRateLimitHeaders(
  reply: FastifyReply,
  burst: BurstDecision | undefined,
  quota: QuotaState | undefined,
  burstWindowMs: number,
): void {
  const policies: string[] = [];
  const states: string[] = [];
  if (burst !== undefined) {
    policies.push(`"burst";q=${burst.limit};w=${Math.max(1, Math.round(burstWindowMs / 1000))}`);
    states.push(
      `"burst";r=${burst.remaining};t=${ceilSeconds(burst.remaining > 0 ? burst.reset_ms : burst.retry_after_ms)}`,
    );
  }
  if (quota !== undefined) {
    const remaining = Math.max(0, quota.limit - quota.used);
    policies.push(`"quota";q=${quota.limit};w=${quota.window_seconds}`);
    states.push(`"quota";r=${remaining};t=${ceilSeconds(quota.reset_ms)}`);
    reply.header('x-ratelimit-limit', String(quota.limit));
    reply.header('x-ratelimit-remaining', String(remaining));
    reply.header('x-ratelimit-reset', String(Math.ceil((Date.now() + quota.reset_ms) / 1000)));
  }
  if (policies.length > 0) {
    reply.header('ratelimit-policy', policies.join(', '));
    reply.header('ratelimit', states.join(', '));
  }
}

export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}
