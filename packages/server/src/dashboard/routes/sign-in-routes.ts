import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/app-deps.js';
import { retryAfterSeconds } from '../../http/pipeline/rate-limit-headers.js';
import { ARGON2_OPTIONS } from '../../platform/accounts/account-service.js';
import { ProblemError } from '../../problems/problem-error.js';
import { accountPlan, CONTROL_CHARS } from '../dashboard-input.js';
import { endSession, requireSession, startSession } from '../dashboard-session.js';
import { featureNames } from '../feature-names.js';
import { KNOWN_ADDRESS_MS, knownAddress, signInBuckets } from '../sign-in-throttle.js';

/** A dummy hash, so an unknown email costs the same argon2 verification as a wrong password. */
let dummyHash: Promise<string> | undefined;

/** Sign-in and sign-out (POST/DELETE /dashboard/api/session) and who is signed in (GET /dashboard/api/me). */
export function registerSignInRoutes(app: FastifyInstance, deps: AppDeps, api: string): void {
  const hide = { schema: { hide: true } };
  const now = () => deps.clock.now();

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
    // Throttling runs on the wall clock (like quotas) and before anything about the email is looked
    // up, so a known and an unknown email are treated alike; the attempt is counted before the
    // password is checked, so parallel guesses cannot overrun it.
    const known = knownAddress(email, request.ip);
    const buckets = signInBuckets(
      email,
      request.ip,
      await deps.storage.signInThrottle.marked(known, Date.now()),
    );
    const admitted = await deps.storage.signInThrottle.take(buckets.all, Date.now());
    if (!admitted.ok)
      throw new ProblemError(
        'too_many_attempts',
        'Too many sign-in attempts; wait for Retry-After seconds before trying again.',
        { headers: { 'retry-after': retryAfterSeconds(admitted.retry_after_ms) } },
      );
    // No stored email holds a control character or is that long: such a sign-in takes the unknown-user
    // path (same argon2 cost, same answer) without putting bytes PostgreSQL cannot hold into a query.
    const user =
      CONTROL_CHARS.test(email) || email.length > 320
        ? undefined
        : await deps.storage.users.getByEmail(email);
    dummyHash ??= argon2.hash('not-a-password-anyone-has', ARGON2_OPTIONS);
    const hash = user?.password_hash ?? (await dummyHash);
    const ok = (await argon2.verify(hash, password).catch(() => false)) && user?.password_hash != null;
    if (!ok || user === undefined)
      throw new ProblemError('invalid_credentials', 'The email or the password is wrong.');
    // A success is not a failure: it gives back what it took from the email's buckets (not the address's).
    await deps.storage.signInThrottle.giveBack(buckets.failures, Date.now());
    // This address is now the owner's for this email: guesses from elsewhere never hold it back.
    await deps.storage.signInThrottle.mark(known, Date.now(), Date.now() + KNOWN_ADDRESS_MS);
    const t = now();
    const csrf = await startSession(deps.storage, request, reply, user, t);
    await deps.storage.dashboardSessions.purgeExpired(t.toISOString());
    await deps.storage.signInThrottle.purgeDrained(new Date().toISOString());
    return { user: { email: user.email, name: user.name }, csrf };
  });

  app.delete(`${api}/session`, hide, async (request, reply) => {
    await requireSession(deps.storage, request, now());
    await endSession(deps.storage, request, reply);
    return reply.code(204).send();
  });

  app.get(`${api}/me`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const { account, plan, limits } = await accountPlan(deps, s.account_id);
    const user = (await deps.storage.users.listByAccount(s.account_id)).find((u) => u.id === s.user_id);
    const plans = deps.plans.plans;
    const index = plan === undefined ? -1 : plans.findIndex((p) => p.id === plan.id);
    const next = plans[index + 1];
    const adds = next?.entitlements.filter((e) => !(plan?.entitlements ?? []).includes(e)) ?? [];
    // Entitlements as codes (as /api/v1/account names them) and as the words the dashboard shows.
    return {
      csrf: s.csrf,
      user: { email: user?.email ?? null, name: user?.name ?? null },
      account: { id: s.account_id, name: account?.name ?? null },
      plan:
        plan === undefined
          ? null
          : {
              id: plan.id,
              name: plan.name,
              entitlements: plan.entitlements,
              features: featureNames(plan.entitlements),
              limits,
            },
      next_plan:
        next === undefined ? null : { id: next.id, name: next.name, adds, adds_features: featureNames(adds) },
    };
  });
}
