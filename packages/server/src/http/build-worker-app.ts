import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { LogLevel } from '../config/config.js';
import type { Storage } from '../db/repositories.js';
import type { DeliveryFailures } from '../events/webhooks/delivery-failures.js';
import type { ReadinessCheck } from '../platform/readiness-checks.js';
import type { Drain } from './drain.js';
import { sendProblem } from './errors/render-problem.js';
import { registerHealthRoutes } from './routes/system/health.js';
import { metricsAccess } from './routes/system/metrics-access.js';
import { renderOperationsMetrics } from './routes/system/operations-metrics.js';

export interface WorkerAppDeps {
  readonly storage: Storage;
  readonly readinessChecks: readonly ReadinessCheck[];
  readonly drain: Drain;
  readonly deliveryFailures: DeliveryFailures;
  readonly metricsToken: string | undefined;
  readonly log: { readonly level: LogLevel };
}

/**
 * What `bellwether worker` serves on its own port (`BELLWETHER_WORKER_PORT`, issue #45): `/healthz`,
 * `/readyz` (storage, Redis, the secret check; 503 once it is stopping) and `/metrics` (the process, the
 * analysis queue, the webhook backlog and this worker's failed deliveries), with the API's access rule for
 * metrics. Nothing else: 404 for any other path. Logs are JSON lines like the API's.
 */
export async function buildWorkerApp(deps: WorkerAppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: deps.log.level } });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, 'not_found', 'A worker serves /healthz, /readyz and /metrics only.'),
  );
  registerHealthRoutes(app, { mode: 'distributed', ...deps });
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bellwether_' });
  app.get('/metrics', { onRequest: metricsAccess(deps.metricsToken) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return `${await registry.metrics()}\n${await renderOperationsMetrics({ backlog: deps.storage.backlog, deliveryFailures: deps.deliveryFailures })}`;
  });
  return app;
}
