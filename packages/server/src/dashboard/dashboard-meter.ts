import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardSessionRecord } from '../db/repositories.js';
import type { AppDeps } from '../http/app-deps.js';
import { authorize } from '../http/pipeline/authorize.js';
import { enforceLimits } from '../http/pipeline/enforce-limits.js';
import type { Principal } from '../platform/keys/key-service.js';
import type { Entitlement } from '../platform/plans/entitlements.js';
import { ProblemError } from '../problems/problem-error.js';

/**
 * The account's dashboard meter (ADR 0064): what its dashboard's data actions are limited and billed on,
 * beside its keys' meters. One per account, so signing in again or adding users yields no fresh quota.
 */
export const dashboardMeterId = (account_id: string): string => `dashboard:${account_id}`;

/**
 * Meters one dashboard data action exactly as the API meters a call: the account's plan must include
 * `entitlement` (403 plan_required otherwise, also for an account without a plan), then the burst limit
 * and, when `billable`, one unit of quota on the account's dashboard meter (429 rate_limited /
 * quota_exceeded with Retry-After). The reservation is released after a non-billable answer (4xx, 5xx)
 * by the same response hook that serves /api/v1, and the answer carries the same rate-limit headers.
 */
export async function meterDashboardCall(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  session: DashboardSessionRecord,
  entitlement: Entitlement,
  billable: boolean,
): Promise<void> {
  const account = await deps.storage.accounts.get(session.account_id);
  if (account === undefined) throw new ProblemError('sign_in_required', 'Sign in to use the dashboard.');
  const plan = account.plan_id === null ? null : (deps.plans.get(account.plan_id) ?? null);
  const meter = dashboardMeterId(account.id);
  const principal: Principal = { key_id: meter, meter_id: meter, account, plan };
  request.principal = principal;
  authorize(request, entitlement, deps.plans);
  await enforceLimits(request, reply, billable, deps);
}

/**
 * Meters one account-management action of the dashboard (keys: create, rotate, rename, revoke): the burst
 * limit on the account's dashboard meter, unbilled and with no entitlement (an account that lost its plan
 * may still revoke its keys), so a script behind a session cannot churn keys faster than the API admits
 * calls (ADR 0083). Answers carry the rate-limit headers; a refusal is 429 rate_limited.
 */
export async function meterAccountAction(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  session: DashboardSessionRecord,
): Promise<void> {
  const account = await deps.storage.accounts.get(session.account_id);
  if (account === undefined) throw new ProblemError('sign_in_required', 'Sign in to use the dashboard.');
  const plan = account.plan_id === null ? null : (deps.plans.get(account.plan_id) ?? null);
  const meter = dashboardMeterId(account.id);
  request.principal = { key_id: meter, meter_id: meter, account, plan };
  await enforceLimits(request, reply, false, deps);
}
