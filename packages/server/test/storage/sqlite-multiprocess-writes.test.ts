import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { expectClean, killAllWorkers, spawnWorker, startTogether } from './spawn-worker.js';
import { CONSISTENT, checkConsistency } from './sqlite-consistency.js';

const HOUR = '2026-11-21T06:00:00.000Z';
const dir = createTempDir('bw-sqlite-mp-');
let n = 0;
const newFile = () => join(dir.path, `mp-${n++}.db`);
afterAll(() => dir.remove());

describe('SQLite shared by several processes writing at once', () => {
  let file: string;
  let storage: KyselyStorage;

  beforeAll(async () => {
    file = newFile();
    storage = await openStorage({ kind: 'sqlite', file });
    await migrateToLatest(storage);
  });
  afterEach(killAllWorkers);
  afterAll(async () => {
    await storage.close();
  });

  it('loses no usage increment while three processes and the parent add concurrently, without SQLITE_BUSY', async () => {
    const keyId = 'k_shared_usage';
    const workers = [1, 2, 3].map(() => spawnWorker('usage', { file, keyId, count: 100, waitForGo: true }));
    await startTogether(workers);
    for (let i = 0; i < 100; i++) {
      await storage.usage.add([{ key_id: keyId, window: 'hour', window_start: HOUR, delta: 1 }]);
    }
    for (const w of workers) expect(await expectClean(w)).toEqual(['ready', 'done']);
    expect(await storage.usage.get(keyId, 'hour', HOUR)).toBe(400);
    expect(checkConsistency(file)).toEqual(CONSISTENT);
  });

  it('holds the per-account key cap across processes', async () => {
    const account = await storage.accounts.create({ name: 'mp cap', plan_id: 'pro_api' });
    const workers = ['a', 'b', 'c'].map((tag) =>
      spawnWorker('keys', { file, accountId: account.id, count: 10, maxKeys: 5, tag, waitForGo: true }),
    );
    await startTogether(workers);
    let parentCreated = 0;
    for (let i = 0; i < 10; i++) {
      const result = await storage.apiKeys.create({
        id: `k_parent_${i}`,
        account_id: account.id,
        name: `parent ${i}`,
        digest: 'bb'.repeat(32),
        last4: 'bbbb',
        max_keys: 5,
      });
      if (result.ok) parentCreated++;
    }
    let childCreated = 0;
    for (const w of workers) {
      const line = (await expectClean(w)).at(-1);
      childCreated += Number(/^created (\d+)$/.exec(line ?? '')?.[1] ?? Number.NaN);
    }
    expect(parentCreated + childCreated).toBe(5);
    expect(await storage.apiKeys.listByAccount(account.id)).toHaveLength(5);
  });
});
