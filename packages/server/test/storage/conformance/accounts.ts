import { describe, expect, it } from 'vitest';
import type { GetState } from './harness.js';

export function accountsContract(state: GetState): void {
  describe('accounts', () => {
    it('creates an account with an acc_ id of 20 base62 characters and reads it back', async () => {
      const { storage } = state();
      const created = await storage.accounts.create({ name: 'Acme', plan_id: 'starter' });
      expect(created.id).toMatch(/^acc_[0-9A-Za-z]{20}$/);
      expect(created).toMatchObject({ name: 'Acme', plan_id: 'starter', overrides: {} });
      expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await storage.accounts.get(created.id)).toEqual(created);
    });

    it('answers undefined for an unknown account', async () => {
      const { storage } = state();
      expect(await storage.accounts.get('acc_doesnotexist')).toBeUndefined();
      expect(await storage.accounts.setPlan('acc_doesnotexist', 'growth')).toBeUndefined();
      expect(await storage.accounts.setOverrides('acc_doesnotexist', { max_keys: 1 })).toBeUndefined();
    });

    it('changes and clears the plan', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Planned', plan_id: null });
      expect((await storage.accounts.setPlan(account.id, 'enterprise'))?.plan_id).toBe('enterprise');
      expect((await storage.accounts.get(account.id))?.plan_id).toBe('enterprise');
      expect((await storage.accounts.setPlan(account.id, null))?.plan_id).toBeNull();
    });

    it('stores overrides as given and replaces them wholesale', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({
        name: 'Big',
        plan_id: 'enterprise',
        overrides: { quota_amount: 25_000, quota_window: 'hour' },
      });
      expect((await storage.accounts.get(account.id))?.overrides).toEqual({
        quota_amount: 25_000,
        quota_window: 'hour',
      });
      const updated = await storage.accounts.setOverrides(account.id, { max_keys: 50, burst_limit: 20 });
      expect(updated?.overrides).toEqual({ max_keys: 50, burst_limit: 20 });
      expect((await storage.accounts.get(account.id))?.overrides).toEqual({ max_keys: 50, burst_limit: 20 });
    });

    it('lists every account', async () => {
      const { storage } = state();
      const a = await storage.accounts.create({ name: 'List A', plan_id: null });
      const b = await storage.accounts.create({ name: 'List B', plan_id: 'growth' });
      const ids = (await storage.accounts.list()).map((x) => x.id);
      expect(ids).toContain(a.id);
      expect(ids).toContain(b.id);
    });
  });
}
