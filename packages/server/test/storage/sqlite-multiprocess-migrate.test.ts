import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { expectClean, killAllWorkers, spawnWorker, startTogether } from './spawn-worker.js';
import { CONSISTENT, checkConsistency } from './sqlite-consistency.js';

const HOUR = '2026-11-21T06:00:00.000Z';
const dir = createTempDir('bw-sqlite-migrate-');
let n = 0;
const newFile = () => join(dir.path, `mp-${n++}.db`);
afterAll(() => dir.remove());

describe('SQLite migrations racing in several processes', () => {
  afterEach(killAllWorkers);

  it('migrates a new file once when three processes race to migrate it', async () => {
    const fresh = newFile();
    const workers = [1, 2, 3].map(() => spawnWorker('migrate', { file: fresh, waitForGo: true }));
    await startTogether(workers);
    const applied: string[] = [];
    for (const w of workers) {
      const line = (await expectClean(w)).at(-1);
      applied.push(...(JSON.parse(line ?? '{}') as { applied: string[] }).applied);
    }
    expect(applied.sort()).toEqual(Object.keys(migrations).sort());
    expect(checkConsistency(fresh)).toEqual(CONSISTENT);
  });
});

describe('SQLite opened twice by one process', () => {
  it('lets two storages on one file interleave transactions without deadlocking', async () => {
    const file = newFile();
    const [a, b] = [await openStorage({ kind: 'sqlite', file }), await openStorage({ kind: 'sqlite', file })];
    try {
      await migrateToLatest(a);
      const account = await a.accounts.create({ name: 'twice', plan_id: 'pro_api' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).apiKeys.create({
            id: `k_twice_${i}`,
            account_id: account.id,
            name: `${i}`,
            digest: 'cc'.repeat(32),
            last4: 'cccc',
            max_keys: 5,
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? a : b).usage.add([
            { key_id: 'k_twice_0', window: 'hour', window_start: HOUR, delta: 1 },
          ]),
        ),
      );
      expect(await b.usage.get('k_twice_0', 'hour', HOUR)).toBe(40);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
