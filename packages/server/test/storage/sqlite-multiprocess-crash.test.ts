import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { expectClean, killAllWorkers, spawnWorker } from './spawn-worker.js';
import { CONSISTENT, checkConsistency } from './sqlite-consistency.js';

const HOUR = '2026-11-21T06:00:00.000Z';
const dir = createTempDir('bw-sqlite-crash-');
let n = 0;
const newFile = () => join(dir.path, `mp-${n++}.db`);
afterAll(() => dir.remove());

describe('SQLite shared by several processes when one dies or commits', () => {
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

  it('recovers from a process killed inside a transaction: nothing of it is visible and the lock is free', async () => {
    const keyId = 'k_killed_in_trx';
    await storage.usage.add([{ key_id: keyId, window: 'hour', window_start: HOUR, delta: 7 }]);
    const worker = spawnWorker('hold-transaction', { file, accountId: 'acc_never_committed', keyId });
    await worker.waitFor(/^in-transaction$/);
    worker.kill('SIGKILL');
    expect((await worker.exited).signal).toBe('SIGKILL');

    // Were the dead process's lock still held, this write would fail with SQLITE_BUSY after the busy timeout.
    await storage.usage.add([{ key_id: keyId, window: 'hour', window_start: HOUR, delta: 1 }]);
    expect(await storage.usage.get(keyId, 'hour', HOUR)).toBe(8);
    expect(await storage.accounts.get('acc_never_committed')).toBeUndefined();
    expect(checkConsistency(file)).toEqual(CONSISTENT);
  });

  it('keeps exactly the acknowledged commits (at most one more) of a process killed mid-stream', async () => {
    const keyId = 'k_killed_streaming';
    const worker = spawnWorker('usage', { file, keyId, count: 0 });
    await worker.waitFor(/^acked 40$/);
    worker.kill('SIGKILL');
    await worker.exited;
    const acked = Math.max(...worker.lines.map((l) => Number(/^acked (\d+)$/.exec(l)?.[1] ?? 0)));
    const stored = await storage.usage.get(keyId, 'hour', HOUR);
    // A commit can land just before the kill but after the last acknowledgement was written.
    expect(stored === acked || stored === acked + 1).toBe(true);
    expect(checkConsistency(file)).toEqual(CONSISTENT);

    const reopened = await openStorage({ kind: 'sqlite', file });
    try {
      expect(await reopened.usage.get(keyId, 'hour', HOUR)).toBe(stored);
    } finally {
      await reopened.close();
    }
  });

  it('changes externalChangeToken after another process commits, and not after its own commits', async () => {
    const before = storage.externalChangeToken();
    expect(before).toEqual(expect.any(Number));
    await storage.accounts.create({ name: 'own write', plan_id: null });
    expect(storage.externalChangeToken()).toBe(before);

    const worker = spawnWorker('commit-once', { file });
    const [line] = await expectClean(worker);
    const after = storage.externalChangeToken();
    expect(after).not.toBe(before);
    expect(storage.externalChangeToken()).toBe(after);
    // What the other process committed is visible at once.
    const accountId = /^account (acc_\w+)$/.exec(line ?? '')?.[1];
    expect(await storage.accounts.get(accountId ?? '')).toMatchObject({ name: 'from another process' });
  });
});
