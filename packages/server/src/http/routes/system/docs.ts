import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from '../../errors/catalog.js';
import { sendProblem } from '../../errors/render-problem.js';

/**
 * Swagger UI's page: its scripts, styles and the OpenAPI document come from this origin, icons from
 * data: URIs; nothing inline, nothing from elsewhere, and no framing (ADR 0062).
 */
const SWAGGER_UI_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** The error pages are plain HTML: no script, no style, nothing loaded. */
const ERROR_PAGE_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function errorPage(code: ErrorCode): string {
  const e = ERROR_CATALOG[code];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(e.title)} — Bellwether API errors</title></head><body><h1>${escapeHtml(e.title)}</h1><p><code>${code}</code> · HTTP ${e.status}</p><p>${escapeHtml(e.description)}</p><p><a href="/docs/errors">All error codes</a> · <a href="/docs">API reference</a></p></body></html>`;
}

/**
 * `/api/v1/openapi.json`, the interactive reference at `/docs` (Swagger UI assets served from the
 * package, no CDN), and one page per problem `type` at `/docs/errors/<code>`.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.swagger();
  });
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) => {
    const items = ERROR_CODES.map(
      (c) =>
        `<li><a href="/docs/errors/${c}"><code>${c}</code></a> (${ERROR_CATALOG[c].status}) — ${escapeHtml(ERROR_CATALOG[c].title)}</li>`,
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', ERROR_PAGE_CSP)
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bellwether API errors</title></head><body><h1>Error codes</h1><ul>${items.join('')}</ul></body></html>`,
      );
  });
  app.get<{ Params: { code: string } }>(
    '/docs/errors/:code',
    { schema: { hide: true } },
    async (request, reply) => {
      const code = request.params.code;
      // Own properties only: `in` also finds `constructor`, `__proto__`, `toString`… on the prototype.
      if (!Object.hasOwn(ERROR_CATALOG, code))
        return sendProblem(request, reply, 'not_found', `There is no error code "${code.slice(0, 64)}".`);
      const c = code as ErrorCode;
      if ((request.headers.accept ?? '').includes('json')) {
        return {
          code: c,
          status: ERROR_CATALOG[c].status,
          title: ERROR_CATALOG[c].title,
          description: ERROR_CATALOG[c].description,
        };
      }
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', ERROR_PAGE_CSP)
        .send(errorPage(c));
    },
  );
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // BaseLayout: the reference without the standalone top bar, whose logo is an SVG with an inline
    // <style> the CSP refuses (and whose URL box only serves to browse other documents).
    uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
    staticCSP: SWAGGER_UI_CSP,
  });
}
