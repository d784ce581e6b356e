import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../../src/db/kysely-storage.js';
import type { GetState } from './harness.js';

const keyId = () => `k${randomBytes(8).toString('hex')}`;
const digest = () => randomBytes(32).toString('hex');

function createKey(storage: KyselyStorage, account_id: string, max_keys = 10, id = keyId()) {
  return storage.apiKeys.create({ id, account_id, name: 'ci', digest: digest(), last4: 'wxyz', max_keys });
}

export function apiKeysContract(state: GetState): void {
  describe('api keys', () => {
    it('creates a key at version 1 and reads it by id', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'K', plan_id: 'pro_api' });
      const id = keyId();
      const created = await storage.apiKeys.create({
        id,
        account_id: account.id,
        name: 'prod',
        digest: 'ab'.repeat(32),
        last4: '1a2b',
        max_keys: 5,
      });
      if (!created.ok) throw new Error('expected the key to be created');
      expect(created.key).toMatchObject({
        id,
        account_id: account.id,
        name: 'prod',
        digest: 'ab'.repeat(32),
        version: 1,
        last4: '1a2b',
        rotated_at: null,
        revoked_at: null,
      });
      expect(await storage.apiKeys.get(id)).toEqual(created.key);
      expect(await storage.apiKeys.get(keyId())).toBeUndefined();
    });

    it('scopes reads to the owning account: another account’s id answers undefined', async () => {
      const { storage } = state();
      const owner = await storage.accounts.create({ name: 'Owner', plan_id: 'pro_api' });
      const other = await storage.accounts.create({ name: 'Other', plan_id: 'pro_api' });
      const created = await createKey(storage, owner.id);
      if (!created.ok) throw new Error('expected the key to be created');
      expect(await storage.apiKeys.getForAccount(owner.id, created.key.id)).toEqual(created.key);
      expect(await storage.apiKeys.getForAccount(other.id, created.key.id)).toBeUndefined();
      expect(await storage.apiKeys.listByAccount(owner.id)).toEqual([created.key]);
      expect(await storage.apiKeys.listByAccount(other.id)).toEqual([]);
    });

    it('refuses a key beyond the cap and does not count revoked keys', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Capped', plan_id: 'pro_api' });
      const first = await createKey(storage, account.id, 2);
      expect((await createKey(storage, account.id, 2)).ok).toBe(true);
      expect(await createKey(storage, account.id, 2)).toEqual({ ok: false, reason: 'key_limit_reached' });
      if (!first.ok) throw new Error('expected the key to be created');
      await storage.apiKeys.revoke(first.key.id);
      expect((await createKey(storage, account.id, 2)).ok).toBe(true);
      expect(await storage.apiKeys.listByAccount(account.id)).toHaveLength(3);
    });

    it('admits exactly max_keys of 20 concurrent creations', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Race', plan_id: 'pro_api' });
      const results = await Promise.all(Array.from({ length: 20 }, () => createKey(storage, account.id, 5)));
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(results.filter((r) => !r.ok && r.reason === 'key_limit_reached')).toHaveLength(15);
      expect(await storage.apiKeys.listByAccount(account.id)).toHaveLength(5);
    });

    it('throws for a key of an account that does not exist', async () => {
      const { storage } = state();
      await expect(createKey(storage, 'acc_missing')).rejects.toThrow(/does not exist/);
    });

    it('rotation keeps the id and the usage, replaces the digest and bumps the version', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Rot', plan_id: 'pro_api' });
      const created = await createKey(storage, account.id);
      if (!created.ok) throw new Error('expected the key to be created');
      const window_start = '2026-11-01T00:00:00.000Z';
      await storage.usage.add([{ key_id: created.key.id, window: 'month', window_start, delta: 42 }]);

      const rotated = await storage.apiKeys.rotate(created.key.id, 'cd'.repeat(32), '9z9z');
      expect(rotated).toMatchObject({
        id: created.key.id,
        account_id: account.id,
        digest: 'cd'.repeat(32),
        last4: '9z9z',
        version: 2,
        created_at: created.key.created_at,
        revoked_at: null,
      });
      expect(rotated?.rotated_at).toEqual(expect.any(String));
      expect(await storage.apiKeys.get(created.key.id)).toEqual(rotated);
      expect(await storage.usage.get(created.key.id, 'month', window_start)).toBe(42);
      expect((await storage.apiKeys.rotate(created.key.id, 'ef'.repeat(32), '0000'))?.version).toBe(3);
    });

    it('does not rotate an absent or revoked key', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Rev', plan_id: 'pro_api' });
      const created = await createKey(storage, account.id);
      if (!created.ok) throw new Error('expected the key to be created');
      await storage.apiKeys.revoke(created.key.id);
      expect(await storage.apiKeys.rotate(created.key.id, 'ff'.repeat(32), 'ffff')).toBeUndefined();
      expect((await storage.apiKeys.get(created.key.id))?.digest).toBe(created.key.digest);
      expect(await storage.apiKeys.rotate(keyId(), 'ff'.repeat(32), 'ffff')).toBeUndefined();
    });

    it('revocation sets revoked_at and bumps the version once; revoking again changes nothing', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Rev2', plan_id: 'pro_api' });
      const created = await createKey(storage, account.id);
      if (!created.ok) throw new Error('expected the key to be created');
      const revoked = await storage.apiKeys.revoke(created.key.id);
      expect(revoked).toMatchObject({ id: created.key.id, version: 2, revoked_at: expect.any(String) });
      expect(await storage.apiKeys.revoke(created.key.id)).toEqual(revoked);
      expect(await storage.apiKeys.get(created.key.id)).toEqual(revoked);
      expect(await storage.apiKeys.revoke(keyId())).toBeUndefined();
    });

    it('renames a key of its own account only, leaving digest and version alone', async () => {
      const { storage } = state();
      const mine = await storage.accounts.create({ name: 'R', plan_id: 'pro_api' });
      const other = await storage.accounts.create({ name: 'S', plan_id: 'pro_api' });
      const created = await createKey(storage, mine.id);
      if (!created.ok) throw new Error('expected the key to be created');
      expect(await storage.apiKeys.rename(other.id, created.key.id, 'stolen')).toBeUndefined();
      const renamed = await storage.apiKeys.rename(mine.id, created.key.id, 'production');
      expect(renamed).toEqual({ ...created.key, name: 'production' });
      expect(await storage.apiKeys.get(created.key.id)).toEqual(renamed);
    });

    it('gives a new key the meter of a revoked key before a fresh one, so an account never holds more meters than its cap', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Churn', plan_id: 'starter' });
      const a = await createKey(storage, account.id, 2);
      const b = await createKey(storage, account.id, 2);
      if (!a.ok || !b.ok) throw new Error('expected the keys to be created');
      expect(a.key.meter_id).toBe(a.key.id);
      expect(b.key.meter_id).toBe(b.key.id);
      await storage.apiKeys.revoke(a.key.id);
      const c = await createKey(storage, account.id, 2);
      if (!c.ok) throw new Error('expected the key to be created');
      expect(c.key.meter_id).toBe(a.key.id);
      // Twenty revoke/create cycles on both slots: still only the first two meters.
      let live = [b.key.id, c.key.id];
      for (let i = 0; i < 20; i++) {
        for (const id of live) await storage.apiKeys.revoke(id);
        const next = await Promise.all([
          createKey(storage, account.id, 2),
          createKey(storage, account.id, 2),
        ]);
        live = next.map((r) => {
          if (!r.ok) throw new Error('expected the key to be created');
          return r.key.id;
        });
      }
      const meters = new Set((await storage.apiKeys.listByAccount(account.id)).map((k) => k.meter_id));
      expect([...meters].sort()).toEqual([a.key.id, b.key.id].sort());
      const active = (await storage.apiKeys.listByAccount(account.id)).filter((k) => k.revoked_at === null);
      expect(new Set(active.map((k) => k.meter_id)).size).toBe(2);
      // Another account's revoked meters are never taken.
      const other = await storage.accounts.create({ name: 'Other', plan_id: 'starter' });
      const o = await createKey(storage, other.id, 2);
      if (!o.ok) throw new Error('expected the key to be created');
      expect(o.key.meter_id).toBe(o.key.id);
    });

    it('keeps the meter across rotation', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Rot', plan_id: 'starter' });
      const a = await createKey(storage, account.id, 2);
      if (!a.ok) throw new Error('expected the key to be created');
      await storage.apiKeys.revoke(a.key.id);
      const b = await createKey(storage, account.id, 2);
      if (!b.ok) throw new Error('expected the key to be created');
      const rotated = await storage.apiKeys.rotate(b.key.id, digest(), 'abcd');
      expect(rotated?.meter_id).toBe(a.key.id);
    });

    it('refuses a creation beyond the hourly creation limit, saying when the next one fits, and creates nothing', async () => {
      let t = Date.parse('2026-11-26T10:00:00.000Z');
      const storage = await state().target.open({ now: () => new Date(t) });
      try {
        const account = await storage.accounts.create({ name: 'Limit', plan_id: 'starter' });
        const limit = { max: 3, window_ms: 3_600_000 };
        const create = () =>
          storage.apiKeys.create({
            id: keyId(),
            account_id: account.id,
            name: 'ci',
            digest: digest(),
            last4: 'wxyz',
            max_keys: 10,
            creation_limit: limit,
          });
        for (let i = 0; i < 3; i++) {
          expect((await create()).ok).toBe(true);
          t += 60_000;
        }
        // Created at 10:00, 10:01, 10:02; at 10:03 the next fits when the 10:00 one leaves the window.
        expect(await create()).toEqual({
          ok: false,
          reason: 'creation_rate_limited',
          retry_after_ms: 57 * 60_000,
        });
        expect(await storage.apiKeys.listByAccount(account.id)).toHaveLength(3);
        t = Date.parse('2026-11-26T11:00:00.001Z');
        expect((await create()).ok).toBe(true);
        // Concurrent creations never exceed the limit.
        t = Date.parse('2026-11-26T13:00:00.000Z');
        const burst = await Promise.all(Array.from({ length: 10 }, () => create()));
        expect(burst.filter((r) => r.ok)).toHaveLength(3);
      } finally {
        await storage.close();
      }
    });

    it('refuses a duplicate key id as a fault', async () => {
      const { storage } = state();
      const account = await storage.accounts.create({ name: 'Dup', plan_id: 'pro_api' });
      const id = keyId();
      expect((await createKey(storage, account.id, 10, id)).ok).toBe(true);
      await expect(createKey(storage, account.id, 10, id)).rejects.toThrow();
      expect(await storage.apiKeys.listByAccount(account.id)).toHaveLength(1);
    });
  });
}
