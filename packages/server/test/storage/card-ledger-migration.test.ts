/**
 * Migration 0015 on a database written before it: the cards and outcomes already published are chained
 * into the ledger in publication order (marked migrated), so the store verifies end to end from the start
 * and new publications chain after them.
 */
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { auditStoredRecord } from '../../src/cards/ledger/audit-stored-record.js';
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';

const dir = createTempDir('bw-ledger-migration-');
afterAll(() => dir.remove());

const card = (id: string, session: string) =>
  JSON.stringify({ id, session, asset: { ticker: 'ACME' }, direction: 'long', t1: 12.5, stop: 9.75 });

describe('migration 0015_card_ledger', () => {
  it('chains the cards and outcomes published before it, and new ones after them', async () => {
    const storage = await openStorage({ kind: 'sqlite', file: join(dir.path, 'old.db') });
    const db = storage.db as unknown as Kysely<unknown>;
    const migrator = new Migrator({
      db,
      provider: migrationProvider,
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: MIGRATION_LOCK_TABLE,
    });
    expect((await migrator.migrateTo('0014_adjusted_series')).error).toBeUndefined();
    // Published out of session order: the ledger follows publication order.
    for (const [session, at] of [
      ['2026-11-03', '2026-11-03T13:30:00Z'],
      ['2026-11-02', '2026-11-03T14:00:00Z'],
    ]) {
      await sql`insert into card_publications (session, published_at, data_as_of, cards) values (${session}, ${at}, ${at}, 1)`.execute(
        db,
      );
      await sql`insert into cards (id, session, position, payload, published_at) values (${`crd_${session}`}, ${session}, 0, ${card(`crd_${session}`, session)}, ${at})`.execute(
        db,
      );
    }
    await sql`insert into card_outcomes (card_id, session, status, t1_before_stop, fill_price, fill_session, outcome_session, r_multiple, mfe_r, mae_r, recorded_at) values ('crd_2026-11-02', '2026-11-02', 'stopped', 0, 10.5, '2026-11-02', '2026-11-04', -1, 0.25, -1, '2026-11-04T22:00:00Z')`.execute(
      db,
    );
    await migrateToLatest(storage);

    const entries = await storage.cards.ledger(0, 100);
    expect(entries.map((e) => [e.seq, e.kind, e.ref])).toEqual([
      [1, 'publication', '2026-11-03'],
      [2, 'card', 'crd_2026-11-03'],
      [3, 'publication', '2026-11-02'],
      [4, 'card', 'crd_2026-11-02'],
      [5, 'outcome', 'crd_2026-11-02'],
    ]);
    expect(entries[0]?.data).toMatchObject({ migrated: true, late: false, cards: ['crd_2026-11-03'] });
    expect(await storage.cards.getPublication('2026-11-02')).toMatchObject({ late: false, note: null });
    expect(await auditStoredRecord(storage)).toMatchObject({ ok: true, entries: 5, cards: 2, outcomes: 1 });

    await storage.cards.publishSession(
      {
        session: '2026-11-04',
        published_at: '2026-11-04T13:30:00Z',
        data_as_of: '2026-11-03T21:00:00Z',
        cards: 0,
        late: false,
        note: 'no card cleared the floor',
      },
      [],
    );
    expect(await auditStoredRecord(storage)).toMatchObject({ ok: true, entries: 6, publications: 3 });
    await storage.close();
  });
});
