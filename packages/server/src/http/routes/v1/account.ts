import { Type } from '@sinclair/typebox';
import { iso } from '../../../clock/iso.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { Timestamp } from '../../schemas/common.js';

const AccountResponse = Type.Object(
  {
    account_id: Type.String(),
    key: Type.Object({ id: Type.String() }),
    plan: Type.Union([
      Type.Object({ id: Type.String(), name: Type.String(), scheme: Type.String() }),
      Type.Null(),
    ]),
    entitlements: Type.Array(Type.String()),
    limits: Type.Object({
      burst: Type.Object({ limit: Type.Integer(), window_seconds: Type.Number() }),
      quota: Type.Object({
        window: Type.Union([Type.Literal('hour'), Type.Literal('month')]),
        limit: Type.Integer(),
        used: Type.Integer(),
        remaining: Type.Integer(),
        window_start: Timestamp,
        resets_at: Timestamp,
      }),
      max_keys: Type.Integer(),
    }),
  },
  { additionalProperties: false },
);

/** GET /account — the caller's plan, entitlements, limits and usage; no personal data. Not billed. */
export function accountRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/account',
    operationId: 'getAccount',
    entitlement: 'account',
    billable: false,
    summary: 'Your plan, entitlements, limits and current usage',
    description: 'Never billed. Contains no personal data: no emails, names or key material.',
    tags: ['account'],
    schema: { response: { 200: AccountResponse } },
    async handler(request) {
      const principal = request.principal!;
      const plan = principal.plan!;
      const limits = deps.plans.effectiveLimits(plan, principal.account.overrides);
      const usage = await deps.quota.peek(principal.meter_id, limits.quota_window, new Date());
      return {
        account_id: principal.account.id,
        key: { id: principal.key_id },
        plan: { id: plan.id, name: plan.name, scheme: plan.scheme },
        entitlements: plan.entitlements,
        limits: {
          burst: { limit: limits.burst_limit, window_seconds: limits.burst_window_ms / 1000 },
          quota: {
            window: limits.quota_window,
            limit: limits.quota_amount,
            used: usage.used,
            remaining: Math.max(0, limits.quota_amount - usage.used),
            window_start: iso(new Date(usage.window_start)),
            resets_at: iso(new Date(Date.now() + usage.reset_ms)),
          },
          max_keys: limits.max_keys,
        },
      };
    },
  };
}
