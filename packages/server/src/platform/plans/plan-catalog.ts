import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AccountOverrides, QuotaWindow } from '../../db/records.js';
import defaultPlans from './default-plans.json' with { type: 'json' };
import { ENTITLEMENTS, type Entitlement } from './entitlements.js';

const PlanSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9_]{1,40}$' }),
    name: Type.String({ minLength: 1, maxLength: 80 }),
    scheme: Type.Union([Type.Literal('A'), Type.Literal('B'), Type.Literal('both')]),
    price: Type.Union([
      Type.Null(),
      Type.Object(
        {
          amount_cents: Type.Integer({ minimum: 0 }),
          currency: Type.String({ pattern: '^[A-Z]{3}$' }),
          interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
        },
        { additionalProperties: false },
      ),
    ]),
    entitlements: Type.Array(Type.Union(ENTITLEMENTS.map((e) => Type.Literal(e))), { uniqueItems: true }),
    burst: Type.Object(
      {
        limit: Type.Integer({ minimum: 1, maximum: 10_000 }),
        window_ms: Type.Integer({ minimum: 100, maximum: 3_600_000 }),
      },
      { additionalProperties: false },
    ),
    quota: Type.Object(
      {
        window: Type.Union([Type.Literal('hour'), Type.Literal('month')]),
        amount: Type.Integer({ minimum: 1 }),
        dedicated: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
    max_keys: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** The largest backtest (tickers × sessions) one job may replay (ADR 0101; default 200,000). */
    backtest_max_ticker_sessions: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

const CatalogSchema = Type.Object(
  { plans: Type.Array(PlanSchema, { minItems: 1 }) },
  { additionalProperties: false },
);

export type Plan = Static<typeof PlanSchema>;

/** The limits in force for one account: its plan, with per-account overrides applied. */
export interface EffectiveLimits {
  readonly burst_limit: number;
  readonly burst_window_ms: number;
  readonly quota_window: QuotaWindow;
  readonly quota_amount: number;
  readonly max_keys: number;
}

export class PlanCatalog {
  readonly plans: readonly Plan[];
  private readonly byId: ReadonlyMap<string, Plan>;

  private constructor(plans: readonly Plan[]) {
    this.plans = plans;
    this.byId = new Map(plans.map((p) => [p.id, p]));
  }

  /** Validates an operator-supplied catalogue; returns readable errors instead of throwing. */
  static parse(data: unknown): { ok: true; catalog: PlanCatalog } | { ok: false; errors: string[] } {
    if (!Value.Check(CatalogSchema, data)) {
      const errors = [...Value.Errors(CatalogSchema, data)]
        .slice(0, 20)
        .map((e) => `${e.path || '/'}: ${e.message}`);
      return { ok: false, errors };
    }
    const ids = new Set<string>();
    const errors: string[] = [];
    for (const p of data.plans) {
      if (ids.has(p.id)) errors.push(`/plans: duplicate plan id "${p.id}"`);
      ids.add(p.id);
      for (const required of ['account', 'session'] as const) {
        if (!p.entitlements.includes(required))
          errors.push(`/plans/${p.id}: every plan must include "${required}"`);
      }
    }
    if (errors.length > 0) return { ok: false, errors };
    return { ok: true, catalog: new PlanCatalog(data.plans) };
  }

  static defaults(): PlanCatalog {
    const parsed = PlanCatalog.parse(defaultPlans);
    if (!parsed.ok) throw new Error(`built-in plan catalogue is invalid: ${parsed.errors.join('; ')}`);
    return parsed.catalog;
  }

  get(id: string): Plan | undefined {
    return this.byId.get(id);
  }

  /**
   * The cheapest plan (by listed price; plans without a public price last) that grants the
   * entitlement; used to tell a customer what to upgrade to.
   */
  cheapestWith(entitlement: Entitlement): Plan | undefined {
    const price = (p: Plan): number => (p.price === null ? Number.POSITIVE_INFINITY : p.price.amount_cents);
    return [...this.plans]
      .filter((p) => p.entitlements.includes(entitlement))
      .sort((a, b) => price(a) - price(b))[0];
  }

  effectiveLimits(plan: Plan, overrides: AccountOverrides): EffectiveLimits {
    return {
      burst_limit: overrides.burst_limit ?? plan.burst.limit,
      burst_window_ms: plan.burst.window_ms,
      quota_window: overrides.quota_window ?? plan.quota.window,
      quota_amount: overrides.quota_amount ?? plan.quota.amount,
      max_keys: overrides.max_keys ?? plan.max_keys,
    };
  }
}
