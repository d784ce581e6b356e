import type { FastifyInstance, FastifySchema } from 'fastify';
import { eventTypeDef, SUBSCRIBABLE_TYPES } from '../../events/event-catalog.js';
import type { AppDeps } from '../../http/app-deps.js';
import { deliveryRoutes } from '../../http/routes/v1/webhooks/delivery-routes.js';
import { endpointRoutes } from '../../http/routes/v1/webhooks/endpoint-routes.js';
import { dashboardDoor, serveApiRoute } from '../api-route-door.js';

/** Deliveries the dashboard lists per page at most (the API allows 100). */
const MAX_DELIVERIES_PAGE = 50;

/** The API's query schema with `limit` capped at MAX_DELIVERIES_PAGE (no limit: unchanged). */
function capLimit(query: FastifySchema['querystring']): FastifySchema['querystring'] {
  const q = query as { properties?: Record<string, { maximum?: number }> } | undefined;
  const limit = q?.properties?.limit;
  if (q === undefined || limit === undefined) return query;
  const maximum = Math.min(limit.maximum ?? MAX_DELIVERIES_PAGE, MAX_DELIVERIES_PAGE);
  return { ...q, properties: { ...q.properties, limit: { ...limit, maximum } } };
}

/**
 * The account's webhook endpoints (/dashboard/api/webhooks…): list, create, read, change, delete, rotate
 * the secret, send a test, the delivery log with each delivery's attempts, replay. These are the API's
 * own route definitions (http/routes/v1/webhooks) behind the dashboard's door, so validation, account
 * scoping (another account's endpoint is 404), problems and answers — the `whsec_` secret only on
 * creation and rotation — are the API's by construction. The door: a session (and on state changes its
 * CSRF token), then the route's entitlement (`account`) and the burst limit on the account's dashboard
 * meter, unbilled like the API's webhook management (dashboard-meter.ts, ADR 0064). Both checks run
 * before the body is read, as the API authenticates before it validates.
 */
export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps, api: string): void {
  for (const def of [...endpointRoutes(deps), ...deliveryRoutes(deps)])
    serveApiRoute(app, deps, api, def, capLimit(def.schema.querystring));

  /** The event types an endpoint may subscribe to, from the catalogue the API validates against. */
  app.get(
    `${api}/webhooks/event-types`,
    { schema: { hide: true }, onRequest: dashboardDoor(deps, 'account', false) },
    async () => ({
      data: SUBSCRIBABLE_TYPES.map((type) => ({ type, summary: eventTypeDef(type)?.summary ?? '' })),
    }),
  );
}
