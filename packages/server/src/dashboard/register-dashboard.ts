import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../http/app-deps.js';
import { ProblemError } from '../problems/problem-error.js';
import { redactUrl } from '../redact-url.js';
import { registerBrokerRoutes } from './routes/broker-routes.js';
import { registerDataRoutes } from './routes/data-routes.js';
import { registerKeyRoutes } from './routes/key-routes.js';
import { registerSignInRoutes } from './routes/sign-in-routes.js';
import { registerWebhookRoutes } from './routes/webhook-routes.js';

const DIST = fileURLToPath(new URL('../../../dashboard/dist/', import.meta.url));
/** The app's icon, copied to the build's root from packages/dashboard/public. */
const FAVICON = 'favicon.svg';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/** Strict CSP: everything from this origin, no inline script, no framing (inline style attributes only: the chart library positions its canvases with them). */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='; style-src-attr 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** The built single-page app, read once: path → bytes (index.html answers every page route). */
function loadAssets(): Map<string, Buffer> | undefined {
  if (!existsSync(join(DIST, 'index.html'))) return undefined;
  const out = new Map<string, Buffer>();
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else out.set(`${prefix}${name}`, readFileSync(full));
    }
  };
  walk(DIST, '');
  return out;
}

/**
 * The dashboard's answer headers (strict CSP and friends; JSON answers never cached), for any answer
 * under /dashboard — its routes, its 404s and errors alike. Called from the app's one `onSend` hook
 * (build-app.ts): a hook of its own ran for every API answer too (ADR 0092).
 */
export function dashboardAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.url.startsWith('/dashboard')) return;
  for (const k in SECURITY_HEADERS) reply.header(k, SECURITY_HEADERS[k as keyof typeof SECURITY_HEADERS]);
  // Every JSON answer is one user's (keys shown once, CSRF tokens, usage): never stored by a cache.
  if (request.url.startsWith('/dashboard/api')) reply.header('cache-control', 'no-store');
}

/**
 * The web dashboard under /dashboard: the built React app and its JSON API (/dashboard/api/*), signed in
 * with a session cookie. API keys never reach these routes and a dashboard session never reaches /api/v1:
 * each side reads only its own credential. Its data actions are metered like the API (dashboard-meter.ts).
 */
export function registerDashboard(app: FastifyInstance, deps: AppDeps): void {
  const assets = loadAssets();
  const api = '/dashboard/api';

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const path = (request.params as { '*'?: string })['*'] ?? '';
    // The JSON API has its own routes: any other path under it is unknown, not a page of the app.
    if (path === 'api' || path.startsWith('api/'))
      throw new ProblemError(
        'not_found',
        `No route ${request.method} ${redactUrl(request.url).split('?')[0]}.`,
      );
    if (assets === undefined)
      throw new ProblemError(
        'service_unavailable',
        'The dashboard is not built in this installation: run `npm run build` (it builds packages/dashboard).',
      );
    const asset = path.startsWith('assets/') || path === FAVICON ? assets.get(path) : undefined;
    if (asset !== undefined)
      return reply
        .type(TYPES[extname(path)] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(asset);
    if (path.startsWith('assets/')) throw new ProblemError('not_found', `No dashboard asset ${path}.`);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(assets.get('index.html'));
  };
  // Browsers ask every origin for /favicon.ico (the API's /docs pages too): the dashboard's icon, not a 404.
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect(`/dashboard/${FAVICON}`, 301),
  );
  app.get('/dashboard', { schema: { hide: true } }, page);
  app.get('/dashboard/*', { schema: { hide: true } }, page);

  registerSignInRoutes(app, deps, api);
  registerKeyRoutes(app, deps, api);
  registerWebhookRoutes(app, deps, api);
  registerBrokerRoutes(app, deps, api);
  registerDataRoutes(app, deps, api);
}
