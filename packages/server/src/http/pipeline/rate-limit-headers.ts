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
  if (burst !== undefined && quota !== undefined) {
    // The hot path (every admitted request): one policy string per distinct set of limits.
    const remaining = Math.max(0, quota.limit - quota.used);
    reply.header('x-ratelimit-limit', quota.limit === lastLimit ? lastLimitText : limitText(quota.limit));
    reply.header('x-ratelimit-remaining', String(remaining));
    reply.header('x-ratelimit-reset', resetEpoch(quota));
    reply.header('ratelimit-policy', policyOf(burst.limit, burstWindowMs, quota.limit, quota.window_seconds));
    reply.header(
      'ratelimit',
      `"burst";r=${burst.remaining};t=${ceilSeconds(burst.remaining > 0 ? burst.reset_ms : burst.retry_after_ms)}, "quota";r=${remaining};t=${ceilSeconds(quota.reset_ms)}`,
    );
    return;
  }
  const policies: string[] = [];
  const states: string[] = [];
  if (burst !== undefined) {
    policies.push(burstPolicy(burst.limit, burstWindowMs));
    states.push(
      `"burst";r=${burst.remaining};t=${ceilSeconds(burst.remaining > 0 ? burst.reset_ms : burst.retry_after_ms)}`,
    );
  }
  if (quota !== undefined) {
    const remaining = Math.max(0, quota.limit - quota.used);
    policies.push(quotaPolicy(quota.limit, quota.window_seconds));
    states.push(`"quota";r=${remaining};t=${ceilSeconds(quota.reset_ms)}`);
    reply.header('x-ratelimit-limit', String(quota.limit));
    reply.header('x-ratelimit-remaining', String(remaining));
    reply.header('x-ratelimit-reset', resetEpoch(quota));
  }
  if (policies.length > 0) {
    reply.header('ratelimit-policy', policies.join(', '));
    reply.header('ratelimit', states.join(', '));
  }
}

/**
 * The UTC epoch second the quota window ends, from the window itself (its start and length): the same on
 * every answer of the window, whenever each was computed. Cached for the window in use.
 */
const lastReset = { window_start: '', window_seconds: 0, text: '' };
function resetEpoch(quota: QuotaState): string {
  if (quota.window_start !== lastReset.window_start || quota.window_seconds !== lastReset.window_seconds) {
    lastReset.text = String(Math.ceil((Date.parse(quota.window_start) + quota.window_seconds * 1000) / 1000));
    lastReset.window_start = quota.window_start;
    lastReset.window_seconds = quota.window_seconds;
  }
  return lastReset.text;
}

const burstPolicy = (limit: number, windowMs: number) =>
  `"burst";q=${limit};w=${Math.max(1, Math.round(windowMs / 1000))}`;
const quotaPolicy = (limit: number, windowSeconds: number) => `"quota";q=${limit};w=${windowSeconds}`;

let lastLimit = Number.NaN;
let lastLimitText = '';
function limitText(limit: number): string {
  lastLimit = limit;
  lastLimitText = String(limit);
  return lastLimitText;
}

/** The last policy header built, reused while the limits are the same (they rarely change). */
const lastPolicy = { burstLimit: Number.NaN, burstWindowMs: 0, quotaLimit: 0, windowSeconds: 0, text: '' };
function policyOf(
  burstLimit: number,
  burstWindowMs: number,
  quotaLimit: number,
  windowSeconds: number,
): string {
  const p = lastPolicy;
  if (
    p.burstLimit !== burstLimit ||
    p.burstWindowMs !== burstWindowMs ||
    p.quotaLimit !== quotaLimit ||
    p.windowSeconds !== windowSeconds
  ) {
    p.text = `${burstPolicy(burstLimit, burstWindowMs)}, ${quotaPolicy(quotaLimit, windowSeconds)}`;
    p.burstLimit = burstLimit;
    p.burstWindowMs = burstWindowMs;
    p.quotaLimit = quotaLimit;
    p.windowSeconds = windowSeconds;
  }
  return p.text;
}

export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * The answer turned out not to be billable (304, 4xx, 5xx): its reserved unit is given back after the
 * response, so the quota figures sent with it count one unit fewer than the reservation did.
 */
export function refundQuotaHeaders(reply: FastifyReply): void {
  const remaining = Number(reply.getHeader('x-ratelimit-remaining'));
  const limit = Number(reply.getHeader('x-ratelimit-limit'));
  if (!Number.isFinite(remaining) || !Number.isFinite(limit)) return;
  const refunded = Math.min(limit, remaining + 1);
  reply.header('x-ratelimit-remaining', String(refunded));
  const state = reply.getHeader('ratelimit');
  if (typeof state === 'string')
    reply.header('ratelimit', state.replace(/"quota";r=\d+/, `"quota";r=${refunded}`));
}
