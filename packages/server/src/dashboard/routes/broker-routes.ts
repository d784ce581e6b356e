import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/app-deps.js';
import { connectionRoutes } from '../../http/routes/v1/brokers/connection-routes.js';
import { orderRoutes } from '../../http/routes/v1/brokers/order-routes.js';
import { serveApiRoute } from '../api-route-door.js';

/**
 * The account's broker connections (/dashboard/api/broker-connections…): link, list, read, change,
 * rotate the credentials, test, kill switch, delete, positions, orders and audit log; and orders by card
 * and by id (read, cancel). Placing an order stays an API call: the dashboard does not offer it. These
 * are the API's own route definitions (http/routes/v1/brokers) behind the dashboard's door, so the
 * `brokers` entitlement, validation, account scoping (another account's connection is 404), problems
 * and answers — never the secret or the full key id — are the API's by construction (ADR 0075); the
 * door adds the session, its CSRF token on state changes and the account's dashboard meter.
 */
export function registerBrokerRoutes(app: FastifyInstance, deps: AppDeps, api: string): void {
  const orders = orderRoutes(deps).filter((def) => def.method !== 'POST');
  for (const def of [...connectionRoutes(deps), ...orders]) serveApiRoute(app, deps, api, def);
}
