import { describe, expect, it } from 'vitest';
import defaults from '../../src/platform/plans/default-plans.json' with { type: 'json' };
import { PlanCatalog } from '../../src/platform/plans/plan-catalog.js';

describe('plan catalogue', () => {
  const catalog = PlanCatalog.defaults();

  it('holds the six default plans of both schemes with the DESIGN quotas', () => {
    const q = Object.fromEntries(
      catalog.plans.map((p) => [p.id, `${p.scheme} ${p.quota.amount}/${p.quota.window}`]),
    );
    expect(q).toEqual({
      starter: 'A 100/hour',
      growth: 'A 500/hour',
      analyst: 'B 5/month',
      pro_api: 'B 500/month',
      pro_plus_api: 'B 5000/month',
      enterprise: 'both 10000/hour',
    });
    for (const p of catalog.plans) expect(p.burst).toEqual({ limit: 10, window_ms: 1000 });
  });

  it('each plan includes the entitlements of the plans above it in its scheme', () => {
    const chain = (ids: string[]) => ids.map((id) => new Set(catalog.get(id)?.entitlements));
    for (const scheme of [
      ['starter', 'growth', 'enterprise'],
      ['analyst', 'pro_api', 'pro_plus_api', 'enterprise'],
    ]) {
      const sets = chain(scheme);
      for (let i = 1; i < sets.length; i++)
        for (const e of sets[i - 1] ?? [])
          expect(sets[i]?.has(e), `${scheme[i]} ⊇ ${scheme[i - 1]}: ${e}`).toBe(true);
    }
  });

  it('names the cheapest plan with an entitlement', () => {
    expect(catalog.cheapestWith('technical')?.id).toBe('growth');
    expect(catalog.cheapestWith('analysis')?.id).toBe('analyst');
    expect(catalog.cheapestWith('portfolio')?.id).toBe('enterprise');
  });

  it('applies per-account overrides (enterprise dedicated limits)', () => {
    const ent = catalog.get('enterprise');
    if (ent === undefined) throw new Error('missing');
    expect(catalog.effectiveLimits(ent, {})).toMatchObject({
      quota_window: 'hour',
      quota_amount: 10_000,
      burst_limit: 10,
    });
    expect(catalog.effectiveLimits(ent, { quota_amount: 50_000, quota_window: 'month' })).toMatchObject({
      quota_window: 'month',
      quota_amount: 50_000,
    });
  });

  it('rejects an invalid operator catalogue with readable errors', () => {
    const broken = structuredClone(defaults) as { plans: Array<Record<string, unknown>> };
    (broken.plans[0] as Record<string, unknown>).entitlements = ['cards', 'teleportation'];
    (broken.plans[1] as Record<string, unknown>).id = 'starter';
    const r = PlanCatalog.parse(broken);
    expect(r.ok).toBe(false);
    const dup = structuredClone(defaults) as { plans: Array<Record<string, unknown>> };
    (dup.plans[1] as Record<string, unknown>).id = 'starter';
    expect(PlanCatalog.parse(dup)).toEqual({ ok: false, errors: ['/plans: duplicate plan id "starter"'] });
    expect(PlanCatalog.parse({ plans: [] }).ok).toBe(false);
  });
});
