import { createHash } from 'node:crypto';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ERROR_CATALOG, ERROR_CODES, type ErrorCode } from '../../../problems/catalog.js';
import { sendProblem } from '../../errors/render-problem.js';

/**
 * Swagger UI's page: its scripts, styles and the OpenAPI document come from this origin, icons from
 * data: URIs; nothing inline, nothing from elsewhere, and no framing (ADR 0062).
 */
const SWAGGER_UI_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/** The error pages' whole stylesheet: readable type, both colour schemes, code set apart. */
const ERROR_PAGE_STYLE =
  ':root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#656d76;--code:#eff1f3;--link:#0969da}' +
  '@media (prefers-color-scheme:dark){:root{--fg:#c9d1d9;--bg:#0d1117;--muted:#8b949e;--code:#161b22;--link:#58a6ff}}' +
  'body{margin:0 auto;max-width:46rem;padding:2rem 1.25rem;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}' +
  'h1{font-size:1.6rem;margin:0 0 .5rem}a{color:var(--link)}.meta,nav{color:var(--muted)}' +
  'code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:.1em .35em;border-radius:4px;overflow-wrap:anywhere}' +
  'ul{padding-left:1.2rem}li{margin:.3rem 0}';

/**
 * The error pages are plain HTML: no script, nothing loaded, and no style but the stylesheet above
 * (allowed by its digest, so the policy stays as strict as a page without any).
 */
const ERROR_PAGE_CSP = `default-src 'none'; style-src '${cspHash(ERROR_PAGE_STYLE)}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function cspHash(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Catalogue prose as HTML: escaped, with its `code` spans as <code> elements. */
function prose(s: string): string {
  return escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** One error page: the title and the body, under the stylesheet. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${ERROR_PAGE_STYLE}</style></head><body>${body}</body></html>`;
}

function errorPage(code: ErrorCode): string {
  const e = ERROR_CATALOG[code];
  return page(
    `${e.title} — Bellwether API errors`,
    `<h1>${prose(e.title)}</h1><p class="meta"><code>${code}</code> · HTTP ${e.status}</p><p>${prose(e.description)}</p><nav><a href="/docs/errors">All error codes</a> · <a href="/docs">API reference</a></nav>`,
  );
}

function errorIndex(): string {
  const items = ERROR_CODES.map(
    (c) =>
      `<li><a href="/docs/errors/${c}"><code>${c}</code></a> (${ERROR_CATALOG[c].status}) — ${prose(ERROR_CATALOG[c].title)}</li>`,
  );
  return page(
    'Bellwether API errors',
    `<h1>Error codes</h1><p class="meta">Every error is <code>application/problem+json</code>; its <code>type</code> links to one of these pages.</p><ul>${items.join('')}</ul><nav><a href="/docs">API reference</a></nav>`,
  );
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
  app.get('/docs/errors', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', ERROR_PAGE_CSP)
      .send(errorIndex()),
  );
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
