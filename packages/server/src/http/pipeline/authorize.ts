import type { FastifyRequest } from 'fastify';
import type { Entitlement } from '../../platform/plans/entitlements.js';
import type { PlanCatalog } from '../../platform/plans/plan-catalog.js';
import { ProblemError } from '../../problems/problem-error.js';

/** 403 naming the cheapest plan that includes the endpoint, when the key's plan lacks it. */
export function authorize(request: FastifyRequest, entitlement: Entitlement, plans: PlanCatalog): void {
  const plan = request.principal?.plan ?? null;
  if (plan?.entitlements.includes(entitlement)) return;
  const cheapest = plans.cheapestWith(entitlement);
  const current = plan === null ? 'Your account has no plan' : `Your plan (${plan.name})`;
  throw new ProblemError(
    'plan_required',
    `${current} does not include ${entitlement.replace('_', ' ')}.${cheapest === undefined ? '' : ` The cheapest plan that does is ${cheapest.name} (${cheapest.id}).`}`,
    { extras: { required_plan: cheapest?.id ?? null, entitlement, current_plan: plan?.id ?? null } },
  );
}
