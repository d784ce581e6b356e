import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardSessionRecord, Storage } from '../db/repositories.js';
import { ProblemError } from '../problems/problem-error.js';

/** Signed-in sessions last 8 hours. */
const SESSION_TTL_MS = 8 * 3_600_000;
const SECURE_NAME = '__Host-bw_session';
const PLAIN_NAME = 'bw_session';

/** Whether the browser reached us over TLS (directly, or through a proxy that says so). */
function overTls(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers['x-forwarded-proto'] === 'https';
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function cookieValue(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  const wanted = overTls(request) ? SECURE_NAME : PLAIN_NAME;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === wanted) return rest.join('=');
  }
  return undefined;
}

/**
 * The session cookie: `__Host-` prefixed and Secure over TLS (the prefix requires both), HttpOnly and
 * SameSite=Strict always, path /, no domain.
 */
function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const tls = overTls(request);
  return `${tls ? SECURE_NAME : PLAIN_NAME}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${tls ? '; Secure' : ''}`;
}

/** Starts a session for a signed-in user; returns its CSRF token. */
export async function startSession(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; account_id: string },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  await storage.dashboardSessions.create({
    id: sha256(token),
    user_id: user.id,
    account_id: user.account_id,
    csrf,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
  });
  reply.header('set-cookie', cookie(request, token, SESSION_TTL_MS / 1000));
  return csrf;
}

export async function endSession(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = cookieValue(request);
  if (token !== undefined) await storage.dashboardSessions.delete(sha256(token));
  reply.header('set-cookie', cookie(request, '', 0));
}

/**
 * The caller's session, or a 401. State-changing methods must also echo the session's CSRF token in
 * `X-CSRF-Token` and, when the browser sends `Origin`, come from this host (403 otherwise).
 */
export async function requireSession(
  storage: Storage,
  request: FastifyRequest,
  now: Date,
): Promise<DashboardSessionRecord> {
  const token = cookieValue(request);
  const session =
    token === undefined ? undefined : await storage.dashboardSessions.get(sha256(token), now.toISOString());
  if (session === undefined) throw new ProblemError('sign_in_required', 'Sign in to use the dashboard.');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // Compared as bytes: a header of as many characters but more bytes (non-ASCII) is simply unequal.
    const sent = Buffer.from(String(request.headers['x-csrf-token'] ?? ''), 'utf8');
    const expected = Buffer.from(session.csrf, 'utf8');
    const ok = sent.length === expected.length && timingSafeEqual(sent, expected);
    const origin = request.headers.origin;
    let sameOrigin = true;
    if (origin !== undefined)
      try {
        // Both sides through URL, so a default port written out (localhost:80) still matches.
        const from = new URL(String(origin));
        sameOrigin = from.host === new URL(`${from.protocol}//${request.headers.host ?? ''}`).host;
      } catch {
        sameOrigin = false;
      }
    if (!ok || !sameOrigin)
      throw new ProblemError(
        'forbidden',
        'This request lacks the session’s CSRF token (or comes from another site).',
      );
  }
  return session;
}
