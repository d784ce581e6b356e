import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ApiRouteDef } from '../http/api-route.js';
import type { AppDeps } from '../http/app-deps.js';
import type { Entitlement } from '../platform/plans/entitlements.js';
import { meterDashboardCall } from './dashboard-meter.js';
import { requireSession } from './dashboard-session.js';

/**
 * The dashboard's door, as an `onRequest` hook: a session (and on state changes its CSRF token), then
 * `entitlement` and the limits on the account's dashboard meter, billed when `billable`
 * (dashboard-meter.ts, ADR 0064). It runs before the body is read, as the API authenticates before it
 * validates.
 */
export function dashboardDoor(deps: AppDeps, entitlement: Entitlement, billable: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = await requireSession(deps.storage, request, deps.clock.now());
    await meterDashboardCall(deps, request, reply, session, entitlement, billable);
  };
}

/**
 * One of the API's route definitions served at `${api}${def.path}` behind the dashboard's door, metered
 * as the API meters it: its validation, account scoping (another account's row is 404), problems and
 * answers (serialised by its schema, so whitelisted) are the API's by construction. `querystring`
 * replaces the API's query schema (e.g. a smaller page). A `Location` under /api/v1 is rewritten to
 * the dashboard's address.
 */
export function serveApiRoute(
  app: FastifyInstance,
  deps: AppDeps,
  api: string,
  def: ApiRouteDef,
  querystring: FastifySchema['querystring'] = def.schema.querystring,
): void {
  app.route({
    method: def.method,
    url: `${api}${def.path}`,
    schema: { ...def.schema, ...(querystring === undefined ? {} : { querystring }), hide: true },
    onRequest: dashboardDoor(deps, def.entitlement, def.billable),
    async handler(request, reply) {
      const answer = await def.handler(request, reply);
      const location = reply.getHeader('location');
      if (typeof location === 'string') reply.header('location', location.replace(/^\/api\/v1/, api));
      return answer ?? reply;
    },
  });
}
