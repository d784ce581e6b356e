import type { FastifyInstance } from 'fastify';
import { iso, isoOrNull } from '../../clock/iso.js';
import type { AppDeps } from '../../http/app-deps.js';
import { retryAfterSeconds } from '../../http/pipeline/rate-limit-headers.js';
import { KEY_ROTATION_LIMIT } from '../../platform/keys/key-service.js';
import { ProblemError } from '../../problems/problem-error.js';
import { accountPlan, idParam, keyName } from '../dashboard-input.js';
import { dashboardMeterId, meterAccountAction } from '../dashboard-meter.js';
import { requireSession } from '../dashboard-session.js';
import { keyUsage } from '../key-usage.js';

/**
 * The account's API keys (/dashboard/api/keys…): list with usage, create (shown once; at most the plan's
 * key cap at a time, and a bounded number per hour), rotate (a bounded number per key and hour), rename,
 * revoke, and a usage chart per key and for the dashboard's own meter. Usage is the key's quota meter's
 * (ADR 0064). The changes take the burst limit on the account's dashboard meter, unbilled (ADR 0083).
 */
export function registerKeyRoutes(app: FastifyInstance, deps: AppDeps, api: string): void {
  const hide = { schema: { hide: true } };
  const now = () => deps.clock.now();

  app.get(`${api}/keys`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const { plan, limits } = await accountPlan(deps, s.account_id);
    const keys = await deps.storage.apiKeys.listByAccount(s.account_id);
    // Quotas count in wall-clock windows (as /api/v1/account reads them), whatever the service clock says.
    const usageOf = async (meter_id: string) => {
      if (limits === undefined) return null;
      const usage = await deps.quota.peek(meter_id, limits.quota_window, new Date());
      return {
        window: limits.quota_window,
        used: usage.used,
        limit: limits.quota_amount,
        resets_at: iso(new Date(Date.now() + usage.reset_ms)),
      };
    };
    const view = [];
    for (const k of keys)
      view.push({
        id: k.id,
        name: k.name,
        last4: k.last4,
        created_at: iso(k.created_at),
        rotated_at: isoOrNull(k.rotated_at),
        revoked_at: isoOrNull(k.revoked_at),
        usage: await usageOf(k.meter_id),
      });
    const active = keys.filter((k) => k.revoked_at === null).length;
    return {
      keys: view,
      dashboard_usage: await usageOf(dashboardMeterId(s.account_id)),
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
    await meterAccountAction(deps, request, reply, s);
    const r = await deps.keys.create(s.account_id, keyName(request.body), { rateLimited: true });
    if (!r.ok) {
      if (r.reason === 'creation_rate_limited')
        throw new ProblemError(
          'too_many_attempts',
          'This account has created as many keys as it may within an hour; retry after Retry-After seconds. (A new key takes over the quota of a revoked one, so revoking and creating never refreshes a quota.)',
          { headers: { 'retry-after': retryAfterSeconds(r.retry_after_ms) } },
        );
      throw new ProblemError(
        r.reason === 'no_plan' ? 'plan_required' : 'conflict',
        r.reason === 'no_plan'
          ? 'This account has no plan, so it cannot hold API keys.'
          : r.reason === 'key_limit_reached'
            ? 'The plan’s key limit is reached; revoke a key first.'
            : 'The account was not found.',
      );
    }
    return reply.code(201).send({ key: r.key, id: r.record.id, name: r.record.name, last4: r.record.last4 });
  });

  app.post(`${api}/keys/:id/rotate`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterAccountAction(deps, request, reply, s);
    const r = await deps.keys.rotate(idParam(request, 'key'), s.account_id, deps.burst);
    if (!r.ok) {
      if (r.reason === 'rotation_rate_limited')
        throw new ProblemError(
          'too_many_attempts',
          `This key has been rotated ${KEY_ROTATION_LIMIT.max} times within an hour, as often as it may be; retry after Retry-After seconds.`,
          { headers: { 'retry-after': retryAfterSeconds(r.retry_after_ms) } },
        );
      throw new ProblemError(
        r.reason === 'revoked' ? 'conflict' : 'not_found',
        r.reason === 'revoked' ? 'A revoked key cannot be rotated.' : 'No such key.',
      );
    }
    return { key: r.key, id: r.record.id, last4: r.record.last4 };
  });

  app.patch(`${api}/keys/:id`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterAccountAction(deps, request, reply, s);
    const r = await deps.storage.apiKeys.rename(s.account_id, idParam(request, 'key'), keyName(request.body));
    if (r === undefined) throw new ProblemError('not_found', 'No such key.');
    return { id: r.id, name: r.name };
  });

  app.delete(`${api}/keys/:id`, hide, async (request, reply) => {
    const s = await requireSession(deps.storage, request, now());
    await meterAccountAction(deps, request, reply, s);
    const r = await deps.keys.revoke(idParam(request, 'key'), s.account_id);
    if (!r.ok)
      throw new ProblemError(
        r.reason === 'not_found' ? 'not_found' : 'conflict',
        r.reason === 'not_found' ? 'No such key.' : 'The key is revoked already.',
      );
    return { id: r.record.id, revoked_at: r.record.revoked_at };
  });

  app.get(`${api}/keys/:id/usage`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const key = await deps.storage.apiKeys.getForAccount(s.account_id, idParam(request, 'key'));
    if (key === undefined) throw new ProblemError('not_found', 'No such key.');
    const { limits } = await accountPlan(deps, s.account_id);
    if (limits === undefined) return { window: null, limit: null, points: [] };
    // Quota windows are wall-clock windows, whatever the service clock says.
    return keyUsage(deps, key.meter_id, limits.quota_window, limits.quota_amount, new Date());
  });

  app.get(`${api}/usage`, hide, async (request) => {
    const s = await requireSession(deps.storage, request, now());
    const { limits } = await accountPlan(deps, s.account_id);
    if (limits === undefined) return { window: null, limit: null, points: [] };
    return keyUsage(
      deps,
      dashboardMeterId(s.account_id),
      limits.quota_window,
      limits.quota_amount,
      new Date(),
    );
  });
}
