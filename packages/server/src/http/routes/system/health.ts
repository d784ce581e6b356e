import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../../version.js';
import type { AppDeps } from '../../app-deps.js';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: storage, Redis and the secret check
 * pass, and the process is not stopping). Served by API nodes and workers.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'mode' | 'storage' | 'readinessChecks' | 'drain'>,
): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version: VERSION, mode: deps.mode };
  });
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const checks: Record<string, 'ok' | 'failing'> = {};
    const probes = [{ name: 'storage', check: () => deps.storage.ping() }, ...deps.readinessChecks];
    await Promise.all(
      probes.map(async (p) => {
        try {
          await withTimeout(p.check(), 2000);
          checks[p.name] = 'ok';
        } catch (err) {
          request.log.warn({ err, check: p.name }, 'readiness check failed');
          checks[p.name] = 'failing';
        }
      }),
    );
    const draining = deps.drain.draining;
    const ready = !draining && Object.values(checks).every((v) => v === 'ok');
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    if (!ready) reply.header('retry-after', '5');
    return { status: ready ? 'ready' : draining ? 'draining' : 'not_ready', checks };
  });
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
