import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import argon2 from 'argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { trackRecord } from '../cards/track-record.js';
import { isOpaqueId } from '../db/ids.js';
import type { AppDeps } from '../http/app-deps.js';
import { ProblemError } from '../http/errors/problem-error.js';
import { isTerminal, jobView } from '../http/routes/v1/analysis/job-schema.js';
import { submitAnalysis } from '../http/routes/v1/analysis/submit-analysis.js';
import { iso } from '../http/schemas/common.js';
import { validateTicker } from '../http/validate-ticker.js';
import { sessionView } from '../market/session-state.js';
import { ARGON2_OPTIONS } from '../platform/accounts/account-service.js';
import { endSession, requireSession, startSession } from './dashboard-session.js';
import { keyUsage } from './key-usage.js';

/** Failed sign-ins counted per account and hour before further attempts are refused. */
export const MAX_FAILED_SIGN_INS_PER_HOUR = 100;
const TIERS = ['Light', 'Medium', 'Full'] as const;
/** C0 controls and DEL: never part of a key name or an email. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const ADJUSTMENTS = ['raw', 'split', 'split_div'] as const;
const DIST = fileURLToPath(new URL('../../../dashboard/dist/', import.meta.url));
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

/** A dummy hash, so an unknown email costs the same argon2 verification as a wrong password. */
let dummyHash: Promise<string> | undefined;

/**
 * The web dashboard under /dashboard: the built React app and its JSON API (/dashboard/api/*), signed in
 * with a session cookie. API keys never reach these routes and a dashboard session never reaches /api/v1:
 * each side reads only its own credential.
 */
export function registerDashboard(app: FastifyInstance, deps: AppDeps): void {
  const assets = loadAssets();
  const now = () => deps.clock.now();
  /** The account, its plan and the plan's limits with the account's overrides (plan and limits absent without a plan). */
  const accountPlan = async (account_id: string) => {
    const account = await deps.storage.accounts.get(account_id);
    const plan = account?.plan_id == null ? undefined : deps.plans.get(account.plan_id);
    const limits =
      plan === undefined || account === undefined
        ? undefined
        : deps.plans.effectiveLimits(plan, account.overrides);
    return { account, plan, limits };
  };
  const keyName = (body: unknown): string => {
    const name = String(((body ?? {}) as { name?: unknown }).name ?? '').trim();
    if (name === '' || name.length > 64 || CONTROL_CHARS.test(name))
      throw new ProblemError('validation_failed', 'Name the key (1–64 characters, no control characters).', {
        extras: {
          errors: [{ pointer: '/body/name', detail: 'must be 1–64 characters, no control characters' }],
        },
      });
    return name;
  };
  /** The `:id` path parameter; an id this service could not have issued is "not found" before any lookup. */
  const idParam = (request: FastifyRequest, what: string): string => {
    const id = (request.params as { id: string }).id;
    if (!isOpaqueId(id)) throw new ProblemError('not_found', `No such ${what}.`);
    return id;
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/dashboard'))
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    done(null, payload);
  });

  const page = (request: FastifyRequest, reply: FastifyReply) => {
    if (assets === undefined)
      throw new ProblemError(
        'service_unavailable',
        'The dashboard is not built in this installation: run `npm run build` (it builds packages/dashboard).',
      );
    const path = (request.params as { '*'?: string })['*'] ?? '';
    const asset = path.startsWith('assets/') ? assets.get(path) : undefined;
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
  app.get('/dashboard', { schema: { hide: true } }, page);
  app.get('/dashboard/*', { schema: { hide: true } }, page);

  const api = '/dashboard/api';
  const hide = { schema: { hide: true } };

  app.post(`${api}/session`, hide, async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (email === '' || password === '' || password.length > 1024)
      throw new ProblemError('validation_failed', 'Give an email and a password.', {
        extras: {
          errors: [{ pointer: email === '' ? '/body/email' : '/body/password', detail: 'is required' }],
        },
      });
    // No stored email holds a control character or is that long: such a sign-in takes the unknown-user
    // path (same argon2 cost, same answer) without putting bytes PostgreSQL cannot hold into a query.
    const user =
      CONTROL_CHARS.test(email) || email.length > 320
        ? undefined
        : await deps.storage.users.getByEmail(email);
    const t = now();
    if (user !== undefined) {
      const since = new Date(t.getTime() - 3_600_000).toISOString();
      if (
        (await deps.storage.dashboardSessions.failuresSince(user.account_id, since)) >=
        MAX_FAILED_SIGN_INS_PER_HOUR
      )
        throw new ProblemError(
          'too_many_attempts',
          'Too many failed sign-ins for this account; try again within the hour.',
          {
            headers: { 'retry-after': '900' },
          },
        );
    }
    dummyHash ??= argon2.hash('not-a-password-anyone-has', ARGON2_OPTIONS);
    const hash = user?.password_hash ?? (await dummyHash);
    const ok = (await argon2.verify(hash, password).catch(() => false)) && user?.password_hash != null;
    if (!ok || user === undefined) {
      if (user !== undefined)
        await deps.storage.dashboardSessions.recordFailure(user.account_id, t.toISOString());
      throw new ProblemError('invalid_credentials', 'The email or the password is wrong.');
    }
    const csrf = await startSession(deps.storage, request, reply, user, t);
    return { user: { email: user.email, name: user.name }, csrf };
  });

  app.delete(`${api}/session`, hide, async (request, reply) => {
    await requireSession(deps.storage, request, now());
    await endSession(deps.storage, request, reply);
    return reply.code(204).send();
  });

  app.get(`${api}/me`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const { account, plan, limits } = await accountPlan(s.account_id);
    const user = (await deps.storage.users.listByAccount(s.account_id)).find((u) => u.id === s.user_id);
    const plans = deps.plans.plans;
    const index = plan === undefined ? -1 : plans.findIndex((p) => p.id === plan.id);
    const next = plans[index + 1];
    return {
      csrf: s.csrf,
      user: { email: user?.email ?? null, name: user?.name ?? null },
      account: { id: s.account_id, name: account?.name ?? null },
      plan:
        plan === undefined ? null : { id: plan.id, name: plan.name, entitlements: plan.entitlements, limits },
      next_plan:
        next === undefined
          ? null
          : {
              id: next.id,
              name: next.name,
              adds: next.entitlements.filter((e) => !(plan?.entitlements ?? []).includes(e)),
            },
    };
  });

  app.get(`${api}/keys`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const { plan, limits } = await accountPlan(s.account_id);
    const keys = await deps.storage.apiKeys.listByAccount(s.account_id);
    const view = [];
    for (const k of keys) {
      // Quotas count in wall-clock windows (as /api/v1/account reads them), whatever the service clock says.
      const usage =
        limits === undefined ? undefined : await deps.quota.peek(k.id, limits.quota_window, new Date());
      view.push({
        id: k.id,
        name: k.name,
        last4: k.last4,
        created_at: k.created_at,
        rotated_at: k.rotated_at,
        revoked_at: k.revoked_at,
        usage:
          usage === undefined || limits === undefined
            ? null
            : {
                window: limits.quota_window,
                used: usage.used,
                limit: limits.quota_amount,
                resets_at: iso(new Date(Date.now() + usage.reset_ms)),
              },
      });
    }
    const active = keys.filter((k) => k.revoked_at === null).length;
    return {
      keys: view,
      can_create: plan !== undefined && limits !== undefined && active < limits.max_keys,
      why_not:
        plan === undefined
          ? 'This account has no plan yet, so it cannot hold API keys. Ask the operator to assign one.'
          : limits !== undefined && active >= limits.max_keys
            ? `The ${plan.name} plan allows ${limits.max_keys} active keys; revoke one to create another.`
            : null,
    };
  });

  app.post(`${api}/keys`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    const r = await deps.keys.create(s.account_id, keyName(request.body));
    if (!r.ok)
      throw new ProblemError(
        r.reason === 'no_plan' ? 'plan_required' : 'conflict',
        r.reason === 'no_plan'
          ? 'This account has no plan, so it cannot hold API keys.'
          : r.reason === 'key_limit_reached'
            ? 'The plan’s key limit is reached; revoke a key first.'
            : 'The account was not found.',
      );
    return reply.code(201).send({ key: r.key, id: r.record.id, name: r.record.name, last4: r.record.last4 });
  });

  app.post(`${api}/keys/:id/rotate`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const r = await deps.keys.rotate(idParam(request, 'key'), s.account_id);
    if (!r.ok)
      throw new ProblemError(
        r.reason === 'revoked' ? 'conflict' : 'not_found',
        r.reason === 'revoked' ? 'A revoked key cannot be rotated.' : 'No such key.',
      );
    return { key: r.key, id: r.record.id, last4: r.record.last4 };
  });

  app.patch(`${api}/keys/:id`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const r = await deps.storage.apiKeys.rename(s.account_id, idParam(request, 'key'), keyName(request.body));
    if (r === undefined) throw new ProblemError('not_found', 'No such key.');
    return { id: r.id, name: r.name };
  });

  app.delete(`${api}/keys/:id`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const r = await deps.keys.revoke(idParam(request, 'key'), s.account_id);
    if (!r.ok)
      throw new ProblemError(
        r.reason === 'not_found' ? 'not_found' : 'conflict',
        r.reason === 'not_found' ? 'No such key.' : 'The key is revoked already.',
      );
    return { id: r.record.id, revoked_at: r.record.revoked_at };
  });

  app.get(`${api}/cards`, hide, async (request) => {
    await requireSession(deps.storage, request, now());
    const view = sessionView(deps.calendar, now(), deps.cardsLeadMs);
    const cards = await deps.storage.cards.listBySession(view.current.id);
    return { session: view.current.id, cards: cards.map((c) => c.payload) };
  });

  app.get(`${api}/keys/:id/usage`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const key = await deps.storage.apiKeys.getForAccount(s.account_id, idParam(request, 'key'));
    if (key === undefined) throw new ProblemError('not_found', 'No such key.');
    const { limits } = await accountPlan(s.account_id);
    if (limits === undefined) return { window: null, limit: null, points: [] };
    // Quota windows are wall-clock windows, whatever the service clock says.
    return keyUsage(deps, key.id, limits.quota_window, limits.quota_amount, new Date());
  });

  app.get(`${api}/track-record`, hide, async (request) => {
    await requireSession(deps.storage, request, now());
    const to = iso(now()).slice(0, 10);
    const from = iso(new Date(now().getTime() - 365 * 86_400_000)).slice(0, 10);
    const [cards, outcomes] = await Promise.all([
      deps.storage.cards.listRange(from, to),
      deps.storage.cards.outcomesInRange(from, to),
    ]);
    return { from, to, ...trackRecord(cards, outcomes) };
  });

  /** Bars for a chart: raw and current by default; a report's chart asks for its adjustment and as-of. */
  app.get(`${api}/bars/:ticker`, hide, async (request) => {
    await requireSession(deps.storage, request, now());
    const query = (request.query ?? {}) as { adjustment?: unknown; as_of?: unknown };
    const adjustment =
      query.adjustment === undefined ? 'raw' : ADJUSTMENTS.find((a) => a === query.adjustment);
    const asOf = query.as_of === undefined ? now() : new Date(String(query.as_of));
    if (adjustment === undefined || Number.isNaN(asOf.getTime()))
      throw new ProblemError(
        'validation_failed',
        'adjustment is raw, split or split_div; as_of an ISO-8601 instant.',
        {
          extras: {
            errors: [
              adjustment === undefined
                ? { pointer: '/query/adjustment', detail: 'must be raw, split or split_div' }
                : { pointer: '/query/as_of', detail: 'must be an ISO-8601 instant' },
            ],
          },
        },
      );
    const instrument = await validateTicker(deps.market, (request.params as { ticker: string }).ticker);
    const s = await deps.market.getDailySeries(instrument.ticker, {
      asOf: asOf < now() ? asOf : now(),
      adjustment,
    });
    const from = Math.max(0, (s?.dates.length ?? 0) - 180);
    return {
      ticker: instrument.ticker,
      bars: (s?.dates ?? []).slice(from).map((d, i) => ({
        time: d,
        open: s?.open[from + i],
        high: s?.high[from + i],
        low: s?.low[from + i],
        close: s?.close[from + i],
        volume: s?.volume[from + i],
      })),
    };
  });

  app.post(`${api}/analysis`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    const body = (request.body ?? {}) as { ticker?: unknown; tier?: unknown };
    const tier = TIERS.find((t) => t === body.tier);
    if (typeof body.ticker !== 'string' || tier === undefined)
      throw new ProblemError('validation_failed', 'Give a ticker and a tier (Light, Medium or Full).', {
        extras: {
          errors: [{ pointer: tier === undefined ? '/body/tier' : '/body/ticker', detail: 'is required' }],
        },
      });
    const job = await submitAnalysis(deps, {
      account_id: s.account_id,
      key_id: `dashboard:${s.user_id}`,
      ticker: body.ticker,
      tier,
    });
    return reply.code(202).send(jobView(job));
  });

  app.get(`${api}/analysis/:id`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const id = idParam(request, 'analysis job');
    const job = await deps.storage.analysis.get(s.account_id, id);
    if (job === undefined) throw new ProblemError('not_found', `No analysis job ${id}.`);
    const report =
      isTerminal(job.status) && job.report_id !== null
        ? await deps.storage.analysis.getReport(job.report_id)
        : undefined;
    return jobView(job, report);
  });
}
