import { describe, expect, it } from 'vitest';
import type { GetState } from './harness.js';

export function usersContract(state: GetState): void {
  describe('users and broker credentials', () => {
    it('creates a user and finds it by email regardless of case and blanks', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'U', plan_id: null });
      const email = `Ada.${account.id}@Example.com`;
      const created = await storage.users.create({
        account_id: account.id,
        email,
        name: 'Ada',
        password_hash: '$argon2id$v=19$m=19456,t=2,p=1$x$y',
      });
      if (!created.ok) throw new Error('expected the user to be created');
      expect(created.user.id).toMatch(/^usr_[0-9A-Za-z]{20}$/);
      expect(created.user.email).toBe(email);
      expect(await storage.users.getByEmail(`  ${email.toLowerCase()} `)).toEqual(created.user);
      expect(await storage.users.getByEmail(`nobody.${account.id}@example.com`)).toBeUndefined();
    });

    it('refuses a second user with the same email in any case as email_taken', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'A', plan_id: null });
      const b = await storage.accounts.create({ name: 'B', plan_id: null });
      const email = `dup.${a.id}@example.com`;
      expect(
        (await storage.users.create({ account_id: a.id, email, name: 'x', password_hash: null })).ok,
      ).toBe(true);
      expect(
        await storage.users.create({
          account_id: b.id,
          email: email.toUpperCase(),
          name: 'y',
          password_hash: null,
        }),
      ).toEqual({ ok: false, reason: 'email_taken' });
      expect(await storage.users.listByAccount(b.id)).toEqual([]);
    });

    it('lets exactly one of 10 concurrent sign-ups with one email through', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Race', plan_id: null });
      const email = `race.${account.id}@example.com`;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          storage.users.create({
            account_id: account.id,
            email: i % 2 === 0 ? email : email.toUpperCase(),
            name: `${i}`,
            password_hash: null,
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'email_taken')).toHaveLength(9);
      expect(await storage.users.listByAccount(account.id)).toHaveLength(1);
    });

    it('lists only the account’s own users', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'A', plan_id: null });
      const b = await storage.accounts.create({ name: 'B', plan_id: null });
      await storage.users.create({
        account_id: a.id,
        email: `1.${a.id}@x.io`,
        name: '1',
        password_hash: null,
      });
      await storage.users.create({
        account_id: a.id,
        email: `2.${a.id}@x.io`,
        name: '2',
        password_hash: null,
      });
      await storage.users.create({
        account_id: b.id,
        email: `3.${b.id}@x.io`,
        name: '3',
        password_hash: null,
      });
      expect((await storage.users.listByAccount(a.id)).map((u) => u.name).sort()).toEqual(['1', '2']);
      expect((await storage.users.listByAccount(b.id)).map((u) => u.name)).toEqual(['3']);
    });

    it('rejects a user of an account that does not exist (foreign keys are enforced)', async () => {
      const { storage } = state();
      await expect(
        storage.users.create({
          account_id: 'acc_missing',
          email: 'ghost@x.io',
          name: 'g',
          password_hash: null,
        }),
      ).rejects.toThrow();
    });
  });
}
