import argon2 from 'argon2';
import type { AccountOverrides, AccountRecord, UserRecord } from '../../db/records.js';
import type { Storage } from '../../db/repositories.js';
import type { KeyService } from '../keys/key-service.js';
import type { PlanCatalog } from '../plans/plan-catalog.js';

/** OWASP password-storage recommendation for argon2id: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export type CreateAccountResult =
  | { ok: true; account: AccountRecord; user: UserRecord }
  | { ok: false; reason: 'unknown_plan' | 'email_taken' | 'invalid_email' | 'weak_password' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Accounts, their dashboard users and plans. Plan changes take effect on every instance at once. */
export class AccountService {
  constructor(
    private readonly storage: Storage,
    private readonly plans: PlanCatalog,
    private readonly keys: KeyService,
  ) {}

  async create(input: {
    name: string;
    email: string;
    plan_id: string | null;
    password?: string;
  }): Promise<CreateAccountResult> {
    if (input.plan_id !== null && this.plans.get(input.plan_id) === undefined)
      return { ok: false, reason: 'unknown_plan' };
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) return { ok: false, reason: 'invalid_email' };
    if (input.password !== undefined && input.password.length < 12)
      return { ok: false, reason: 'weak_password' };
    if ((await this.storage.users.getByEmail(email)) !== undefined)
      return { ok: false, reason: 'email_taken' };
    const password_hash =
      input.password === undefined ? null : await argon2.hash(input.password, ARGON2_OPTIONS);
    const account = await this.storage.accounts.create({ name: input.name, plan_id: input.plan_id });
    const user = await this.storage.users.create({
      account_id: account.id,
      email,
      name: input.name,
      password_hash,
    });
    if (!user.ok) return { ok: false, reason: 'email_taken' };
    return { ok: true, account, user: user.user };
  }

  async setPlan(
    account_id: string,
    plan_id: string | null,
  ): Promise<{ ok: true; account: AccountRecord } | { ok: false; reason: 'unknown_plan' | 'not_found' }> {
    if (plan_id !== null && this.plans.get(plan_id) === undefined)
      return { ok: false, reason: 'unknown_plan' };
    const account = await this.storage.accounts.setPlan(account_id, plan_id);
    if (account === undefined) return { ok: false, reason: 'not_found' };
    await this.keys.invalidateAccount(account_id);
    return { ok: true, account };
  }

  async setOverrides(
    account_id: string,
    overrides: AccountOverrides,
  ): Promise<{ ok: true; account: AccountRecord } | { ok: false; reason: 'not_found' }> {
    const account = await this.storage.accounts.setOverrides(account_id, overrides);
    if (account === undefined) return { ok: false, reason: 'not_found' };
    await this.keys.invalidateAccount(account_id);
    return { ok: true, account };
  }
}
