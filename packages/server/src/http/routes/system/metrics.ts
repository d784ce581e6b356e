import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { HttpRequestMetrics } from './http-request-metrics.js';
import { type MarketMetricsDeps, renderMarketMetrics } from './market-metrics.js';
import { metricsAccess } from './metrics-access.js';
import { type OperationsMetricsDeps, renderOperationsMetrics } from './operations-metrics.js';

/**
 * Prometheus metrics on a registry owned by this app instance (no global registry, so several apps
 * can live in one process, as in tests). The per-request series are counted in plain numbers (see
 * HttpRequestMetrics) and appended to the registry's output; returns what records one answer, which the
 * app's one `onResponse` hook calls (build-app.ts). Served to loopback clients, or to any
 * client with the metrics token when one is set (see metricsAccess).
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  market: MarketMetricsDeps,
  operations: OperationsMetricsDeps,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bellwether_' });
  const http = new HttpRequestMetrics();
  app.get(
    '/metrics',
    { schema: { hide: true }, onRequest: metricsAccess(token) },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return `${await registry.metrics()}\n${http.render()}${await renderMarketMetrics(market)}${await renderOperationsMetrics(operations)}`;
    },
  );
  return (request, reply) =>
    http.record(
      request.method,
      request.apiRoute ?? request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
}
