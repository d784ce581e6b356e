import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyService, Principal } from '../../platform/keys/key-service.js';
import type { RedisAdmission } from '../../platform/limits/redis-admission.js';
import type { Entitlement } from '../../platform/plans/entitlements.js';
import { refuseKeyInQuery } from './authenticate.js';
import { afterBurst, type LimitDeps, limiterUnavailable, limitsOf } from './enforce-limits.js';

/**
 * Distributed mode's usual request: the key is in this instance's cache, so authentication, the
 * entitlement check, the burst limit and the quota take one Redis round trip (ADR 0057). Resolves
 * `true` when the request was admitted (principal and rate-limit headers set), `false` when the
 * full pipeline must run instead (no cached row accepts the key, the cached plan lacks the
 * entitlement, or the key changed since it was cached: nothing was counted then). Rejects with the same
 * problems as the full pipeline (a 429, a 503 when Redis is down); a key in the query string is refused
 * by a throw, before anything is asked.
 */
export function admitInOneTrip(
  request: FastifyRequest,
  reply: FastifyReply,
  entitlement: Entitlement,
  billable: boolean,
  deps: LimitDeps & { readonly keys: KeyService; readonly admission: RedisAdmission },
): Promise<boolean> {
  refuseKeyInQuery(request);
  const cached = deps.keys.cachedPrincipal(request.headers.authorization);
  if (cached === undefined) return NOT_ADMITTED;
  const principal = cached.principal;
  // Refusals (403) are decided on a current row by the full pipeline, never on a cached one.
  if (principal.plan === null || !principal.plan.entitlements.includes(entitlement)) return NOT_ADMITTED;
  const limits = limitsOf(principal as Principal & { plan: NonNullable<Principal['plan']> }, deps.plans);
  if (limits.burst_limit <= 0) return NOT_ADMITTED;
  // One promise on the round trip's (no async function around it): this runs for every request.
  return deps.admission
    .admit({
      key_id: principal.key_id,
      meter_id: principal.meter_id,
      stamp: cached.stamp,
      burst_limit: limits.burst_limit,
      burst_window_ms: limits.burst_window_ms,
      quota_window: limits.quota_window,
      quota_limit: limits.quota_amount,
      reserve: billable,
      now_ms: Date.now(),
    })
    .then(
      (result) => {
        if (result.stale) return false;
        request.principal = principal;
        const pending = afterBurst(
          request,
          reply,
          billable,
          deps,
          principal.meter_id,
          limits,
          result.burst,
          result.quota,
        );
        return pending === undefined ? true : pending.then(() => true);
      },
      (cause: unknown) => {
        throw limiterUnavailable(cause);
      },
    );
}

const NOT_ADMITTED = Promise.resolve(false);
