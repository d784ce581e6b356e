import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from '../../../src/db/migrate.js';
import { migrationProvider, migrations } from '../../../src/db/migrations/index.js';
import type { GetState } from './harness.js';

const ALL_MIGRATIONS = Object.keys(migrations).sort();

export function lifecycleContract(state: GetState): void {
  describe('migrations and lifecycle', () => {
    it('applies every migration to an empty database, then finds nothing to do', async () => {
      const target = await state().harness.createTarget();
      const storage = await target.open();
      try {
        expect((await migrateToLatest(storage)).applied).toEqual(ALL_MIGRATIONS);
        expect((await migrateToLatest(storage)).applied).toEqual([]);
        expect((await migrateToLatest(storage.db)).applied).toEqual([]);
        const recorded = await sql<{
          name: string;
        }>`select name from schema_migrations order by name`.execute(storage.db);
        expect(recorded.rows.map((r) => r.name)).toEqual(ALL_MIGRATIONS);
      } finally {
        await storage.close();
      }
    });

    it('lets two migrators race on one empty database: both succeed, each migration runs once', async () => {
      const target = await state().harness.createTarget();
      const [a, b, c] = await Promise.all([target.open(), target.open(), target.open()]);
      try {
        const outcomes = await Promise.all([migrateToLatest(a!), migrateToLatest(b!), migrateToLatest(c!)]);
        expect(outcomes.flatMap((o) => o.applied).sort()).toEqual(ALL_MIGRATIONS);
        const account = await a!.accounts.create({ name: 'after race', plan_id: null });
        expect(await b!.accounts.get(account.id)).toEqual(account);
      } finally {
        await Promise.all([a!.close(), b!.close(), c!.close()]);
      }
    });

    it('rolls every migration back to an empty schema and applies them again', async () => {
      const target = await state().harness.createTarget();
      const storage = await target.open();
      try {
        await migrateToLatest(storage);
        const migrator = new Migrator({
          db: storage.db,
          provider: migrationProvider,
          migrationTableName: MIGRATION_TABLE,
          migrationLockTableName: MIGRATION_LOCK_TABLE,
        });
        const down = await migrator.migrateTo(NO_MIGRATIONS);
        expect(down.error).toBeUndefined();
        const left = (await storage.db.introspection.getTables()).map((t) => t.name);
        expect(left.filter((name) => !name.startsWith('schema_migrations'))).toEqual([]);
        expect((await migrateToLatest(storage)).applied).toEqual(ALL_MIGRATIONS);
        expect((await storage.accounts.create({ name: 'again', plan_id: null })).name).toBe('again');
      } finally {
        await storage.close();
      }
    });

    it('keeps committed data across close and reopen', async () => {
      const target = await state().harness.createTarget();
      const first = await target.open();
      await migrateToLatest(first);
      const account = await first.accounts.create({
        name: 'Durable',
        plan_id: 'growth',
        overrides: { max_keys: 3 },
      });
      const key = await first.apiKeys.create({
        id: 'kdurable',
        account_id: account.id,
        name: 'n',
        digest: 'aa'.repeat(32),
        last4: 'abcd',
        max_keys: 3,
      });
      await first.usage.add([
        { key_id: 'kdurable', window: 'hour', window_start: '2026-11-21T06:00:00.000Z', delta: 9 },
      ]);
      await first.close();
      await first.close();

      const second = await target.open();
      try {
        expect((await migrateToLatest(second)).applied).toEqual([]);
        expect(await second.accounts.get(account.id)).toEqual(account);
        expect(key.ok && (await second.apiKeys.get('kdurable'))).toEqual(key.ok && key.key);
        expect(await second.usage.get('kdurable', 'hour', '2026-11-21T06:00:00.000Z')).toBe(9);
      } finally {
        await second.close();
      }
    });

    it('answers ping while open and reports its dialect', async () => {
      const { storage, harness } = state();
      await expect(storage.ping()).resolves.toBeUndefined();
      expect(storage.dialect).toBe(harness.dialect);
    });

    it('stamps records with the injected clock', async () => {
      const fixed = await state().target.open({ now: () => new Date('2030-01-02T03:04:05.678Z') });
      try {
        const account = await fixed.accounts.create({ name: 'Clocked', plan_id: null });
        expect(account.created_at).toBe('2030-01-02T03:04:05.678Z');
        expect((await fixed.accounts.get(account.id))?.created_at).toBe('2030-01-02T03:04:05.678Z');
      } finally {
        await fixed.close();
      }
    });
  });
}
