import type { FastifyRequest } from 'fastify';
import { iso } from '../../../../clock/iso.js';
import type { QuotaDecision } from '../../../../platform/limits/types.js';
import { ProblemError } from '../../../../problems/problem-error.js';
import type { AppDeps } from '../../../app-deps.js';
import { limitsOf } from '../../../pipeline/enforce-limits.js';

/** Gives back units `charge` took (the job was refused after all). */
export type Refund = () => Promise<void>;

/**
 * Bills a backtest by its size (ADR 0101): the request pipeline already reserved one unit; this takes
 * the other `units − 1` from the same quota, all or none. Short of them: 429 quota_exceeded saying what
 * the backtest costs and what is left, and nothing stays taken.
 */
export async function chargeUnits(deps: AppDeps, request: FastifyRequest, units: number): Promise<Refund> {
  const principal = request.principal;
  if (principal === null || principal.plan === null || units <= 1) return async () => {};
  const limits = limitsOf(
    principal as typeof principal & { plan: NonNullable<typeof principal.plan> },
    deps.plans,
  );
  const taken: QuotaDecision[] = [];
  const refund = async () => {
    for (const d of taken.splice(0))
      await deps.quota.release(principal.meter_id, limits.quota_window, d.window_start);
  };
  for (let i = 1; i < units; i++) {
    const d = await deps.quota.reserve(
      principal.meter_id,
      limits.quota_window,
      limits.quota_amount,
      new Date(),
    );
    if (!d.allowed) {
      const left = limits.quota_amount - d.used + taken.length + 1;
      await refund();
      throw new ProblemError(
        'quota_exceeded',
        `This backtest costs ${units} units and this key has ${Math.max(0, left)} left of its ${limits.quota_amount} for the current ${limits.quota_window}; the window resets at ${iso(Date.now() + d.reset_ms)}. A smaller universe or range costs less (POST /backtests?dry_run=true quotes it).`,
        {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(d.reset_ms / 1000))) },
          extras: { violated_policies: ['quota'], units, remaining: Math.max(0, left) },
        },
      );
    }
    taken.push(d);
  }
  return refund;
}
