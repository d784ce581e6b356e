import { statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { WAL_CHECKPOINT_INTERVAL_MS } from '../../src/db/wal-checkpointer.js';
import { executedStatements } from '../support/executed-statements.js';
import { createTempDir } from '../support/tmp.js';

const HOUR = '2026-11-21T06:00:00.000Z';
/** `PRAGMA synchronous` values. */
const FULL = 2;

const dir = createTempDir('bw-usage-flush-');
afterEach(() => vi.restoreAllMocks());

/** A migrated SQLite storage in a fresh file, and the SQL statements this thread runs from now on. */
async function opened() {
  const file = join(dir.path, `${Math.random().toString(36).slice(2)}.db`);
  const storage = await openStorage({ kind: 'sqlite', file });
  await migrateToLatest(storage);
  const prepared = executedStatements();
  const synchronous = async () =>
    (await storage.sqliteRows?.(CompiledQuery.raw('pragma synchronous')))?.[0]?.[0];
  return { file, storage, prepared, synchronous };
}

const deltas = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key_id: `k${String(i).padStart(5, '0')}`,
    window: 'hour' as const,
    window_start: HOUR,
    delta: 1,
  }));

describe('the usage flush on SQLite (ADR 0092)', () => {
  it('commits without waiting for an fsync on the event loop, and leaves every other write at FULL', async () => {
    const { storage, prepared, synchronous } = await opened();
    expect(await synchronous()).toBe(FULL);
    await storage.usage.add(deltas(250));
    const sql = prepared.map((t) => t.toLowerCase());
    const relaxed = sql.indexOf('pragma synchronous = normal');
    const begin = sql.indexOf('begin immediate');
    const commit = sql.indexOf('commit');
    const restored = sql.indexOf('pragma synchronous = full');
    // The batch's own transaction, and only it, runs at NORMAL: set before BEGIN, restored after COMMIT.
    expect(relaxed).toBeGreaterThanOrEqual(0);
    expect(relaxed).toBeLessThan(begin);
    expect(begin).toBeLessThan(commit);
    expect(commit).toBeLessThan(restored);
    expect(await synchronous()).toBe(FULL);
    expect(await storage.usage.get('k00007', 'hour', HOUR)).toBe(1);
    // A batch the database refuses (NOT NULL) is rolled back whole, and FULL is restored all the same.
    await expect(
      storage.usage.add([
        ...deltas(3),
        { key_id: 'kx', window: null as never, window_start: HOUR, delta: 1 },
      ]),
    ).rejects.toThrow();
    expect(await synchronous()).toBe(FULL);
    expect(await storage.usage.get('k00001', 'hour', HOUR)).toBe(1);
    await storage.close();
  });

  it("folds the log into the database file on the checkpointer's thread within its interval, leaving the change token alone", async () => {
    const { file, storage } = await opened();
    const token = storage.externalChangeToken();
    const before = statSync(file).size;
    // New pages (well under the 1,000-page auto-checkpoint, which the serving connection would run).
    for (let batch = 0; batch < 4; batch++)
      await storage.usage.add(deltas(500).map((d) => ({ ...d, key_id: `${d.key_id}-${batch}` })));
    expect(statSync(file).size).toBe(before);
    const deadline = Date.now() + WAL_CHECKPOINT_INTERVAL_MS * 10;
    while (statSync(file).size === before && Date.now() < deadline) await sleep(20);
    expect(statSync(file).size).toBeGreaterThan(before);
    // A checkpoint is no commit: the serving connection's key caches stay valid.
    expect(storage.externalChangeToken()).toBe(token);
    await storage.close();
  });
});
