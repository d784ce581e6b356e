import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../../version.js';

/** Where things are, for whoever opens the bare address. */
const INDEX = {
  name: 'Bellwether',
  version: VERSION,
  links: {
    dashboard: '/dashboard',
    docs: '/docs',
    openapi: '/api/v1/openapi.json',
    errors: '/docs/errors',
    session: '/api/v1/session',
    health: '/healthz',
  },
} as const;

/**
 * `GET /` (issue #26): a browser is sent to the dashboard; any other client gets an index of where things
 * are (dashboard, API reference, OpenAPI document, error catalogue), never a 404.
 */
export function registerRoot(app: FastifyInstance): void {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').header('vary', 'accept');
    if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/dashboard', 302);
    return INDEX;
  });
}
