import type { JobRunner } from '../analysis/job-runner.js';
import type { Principal } from '../platform/keys/key-service.js';
import type { QuotaDecision } from '../platform/limits/types.js';
import type { Entitlement } from '../platform/plans/entitlements.js';
import type { ProblemError } from '../problems/problem-error.js';
import type { ComputePool } from './analytics/compute-pool.js';

export interface ApiRouteConfig {
  /** What the plan must grant to call the route. */
  readonly entitlement: Entitlement;
  /** Whether an admitted request counts against the key's quota (polling and /account do not). */
  readonly billable: boolean;
  /**
   * The request may replay an earlier one (an `Idempotency-Key`): a quota refusal is left to the handler
   * (`request.quotaRefusal`), which answers a replay with what was stored and refuses anything else.
   */
  readonly replayable?: true;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The quota reservation taken for this request, released if the response is not billable. */
    quotaReservation: QuotaDecision | null;
    /** Set by a handler whose success must not be charged (an idempotent replay). */
    billingWaived: boolean;
    /**
     * A replayable route's quota refusal, deferred to its handler: call it (it counts the refusal) and
     * throw what it returns unless the request is a replay. Null when the quota admitted the request.
     */
    quotaRefusal: (() => ProblemError) | null;
    /**
     * The matched /api/v1 route's URL pattern, set by its `onRequest` hook: the request metrics' route
     * label without Fastify's `routeOptions` getter, which builds a dozen-field object per call (ADR 0092).
     * Null on every other route (the metrics read `routeOptions` there).
     */
    apiRoute: string | null;
  }
  interface FastifyInstance {
    /** The analysis job runner of this app (tests reach its worker threads through it). */
    jobs: JobRunner;
    /** The analytics endpoints' worker threads and their queue (tests watch the queue through it). */
    compute: ComputePool;
  }
  interface FastifyContextConfig {
    api?: ApiRouteConfig;
  }
}
