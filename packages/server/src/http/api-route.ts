import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { hasSyncReserve } from '../platform/limits/sync-limits.js';
import type { Entitlement } from '../platform/plans/entitlements.js';
import { ProblemError } from '../problems/problem-error.js';
import type { AppDeps } from './app-deps.js';
import { admitInOneTrip } from './pipeline/admit-in-one-trip.js';
import { authenticate } from './pipeline/authenticate.js';
import { authorize } from './pipeline/authorize.js';
import { enforceLimits, isBillableStatus } from './pipeline/enforce-limits.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

export interface ApiRouteDef {
  readonly method: HttpMethod;
  /** Path under /api/v1, e.g. `/cards`. */
  readonly path: string;
  /**
   * The operation's name in the OpenAPI document, which generated clients name their methods after:
   * unique, lowerCamelCase, and stable once published (test/docs/openapi-operations.test.ts).
   */
  readonly operationId: string;
  readonly entitlement: Entitlement;
  readonly billable: boolean;
  /** See ApiRouteConfig.replayable: the handler decides a quota refusal (an idempotent replay is served). */
  readonly replayable?: true;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly schema: Omit<FastifySchema, 'summary' | 'description' | 'tags' | 'security' | 'operationId'>;
  /** Normalises the parsed request before validation (e.g. a value matched without regard to case). */
  readonly normalise?: (request: FastifyRequest) => void;
  /** Returns a promise, or `undefined` after sending the reply synchronously. */
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined;
}

const API_PREFIX = '/api/v1';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
});

/** Error answers every /api/v1 route can give, documented once. */
const PROBLEM_RESPONSES = {
  '4XX': problem(
    'Client error (400, 401 invalid_token, 403 plan_required, 404, 405, 406, 408, 413, 415, 422, 429 rate_limited / quota_exceeded, 431)',
  ),
  '5XX': problem(
    'Server error (500 internal_error, 501 not_implemented, 503 service_unavailable with Retry-After)',
  ),
};
/** Methods a known path answers 405 for when it does not support them (OPTIONS too: no CORS here). */
const ALL_METHODS: readonly (HttpMethod | 'OPTIONS')[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Registers /api/v1 routes behind the request pipeline (auth → entitlement → burst → quota), and a
 * 405 with `Allow` for the methods a known path does not support.
 */
export function registerApiRoutes(app: FastifyInstance, deps: AppDeps, defs: readonly ApiRouteDef[]): void {
  const methodsByPath = new Map<string, HttpMethod[]>();
  const oneTrip = deps.admission === undefined ? undefined : { ...deps, admission: deps.admission };
  for (const def of defs) {
    const url = API_PREFIX + def.path;
    methodsByPath.set(url, [...(methodsByPath.get(url) ?? []), def.method]);
    app.route({
      method: def.method,
      url,
      config: {
        api: {
          entitlement: def.entitlement,
          billable: def.billable,
          ...(def.replayable === true ? { replayable: true } : {}),
        },
      },
      schema: {
        ...def.schema,
        response: { ...PROBLEM_RESPONSES, ...(def.schema.response as Record<string, unknown> | undefined) },
        summary: def.summary,
        operationId: def.operationId,
        ...(def.description === undefined ? {} : { description: def.description }),
        tags: [...def.tags],
        security: [{ bearer: [] }],
      },
      // Distributed: one Redis round trip when the key is cached here (else the full pipeline).
      onRequest: (request, reply, done) => {
        request.apiRoute = url;
        if (oneTrip === undefined) {
          fullPipeline(request, reply, def, deps, done);
          return;
        }
        let admitting: Promise<boolean>;
        try {
          admitting = admitInOneTrip(request, reply, def.entitlement, def.billable, oneTrip);
        } catch (err) {
          done(err as FastifyError);
          return;
        }
        admitting.then(
          (admitted) => (admitted ? done() : fullPipeline(request, reply, def, deps, done)),
          done,
        );
      },
      ...(def.normalise === undefined
        ? {}
        : {
            preValidation: (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
              def.normalise?.(request);
              done();
            },
          }),
      handler: def.handler,
    });
  }
  for (const [url, methods] of methodsByPath) {
    const others = ALL_METHODS.filter((m) => m === 'OPTIONS' || !methods.includes(m));
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');
    app.route({
      method: others,
      url,
      schema: { hide: true },
      handler: async () => {
        throw new ProblemError('method_not_allowed', `This path supports ${allow}.`, { headers: { allow } });
      },
    });
  }
}

/**
 * auth → entitlement → burst → quota. One callback-style hook for the whole pipeline: when every port
 * answers synchronously (embedded mode, warm caches) the request goes through without a promise.
 */
function fullPipeline(
  request: FastifyRequest,
  reply: FastifyReply,
  def: ApiRouteDef,
  deps: AppDeps,
  done: (err?: FastifyError) => void,
): void {
  let pending: Promise<void> | undefined;
  try {
    pending = authenticate(request, deps.keys, deps.authFailures);
    if (pending === undefined) {
      authorize(request, def.entitlement, deps.plans);
      pending = enforceLimits(request, reply, def.billable, deps);
    } else {
      pending = pending.then(() => {
        authorize(request, def.entitlement, deps.plans);
        return enforceLimits(request, reply, def.billable, deps);
      });
    }
  } catch (err) {
    done(err as FastifyError);
    return;
  }
  if (pending === undefined) done();
  else pending.then(() => done(), done);
}

/** Response step (the app's `onResponse` hook calls it): give back the quota reservation when the answer is not billable. */
export function releaseUnbilled(
  deps: AppDeps,
): (request: FastifyRequest, reply: FastifyReply, done: () => void) => void {
  const quota = deps.quota;
  const sync = hasSyncReserve(quota) ? quota : undefined;
  return (request, reply, done) => {
    const reservation = request.quotaReservation;
    const principal = request.principal;
    if (reservation === null || principal === null || principal.plan === null) return done();
    if (isBillableStatus(reply.statusCode) && !request.billingWaived) return done();
    const window = deps.plans.effectiveLimits(principal.plan, principal.account.overrides).quota_window;
    if (sync !== undefined) {
      try {
        sync.releaseSync(principal.meter_id, window, reservation.window_start);
      } catch (err) {
        request.log.warn({ err }, 'could not release quota reservation');
      }
      return done();
    }
    quota.release(principal.meter_id, window, reservation.window_start).then(
      () => done(),
      (err: unknown) => {
        request.log.warn({ err }, 'could not release quota reservation');
        done();
      },
    );
  };
}
