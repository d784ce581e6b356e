import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyStorage } from '../../src/db/kysely-storage.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { createTempDir } from '../support/tmp.js';
import { expectClean, killAllWorkers, spawnWorker } from './spawn-worker.js';

const HOUR = '2026-11-21T06:00:00.000Z';
const dir = createTempDir('bw-sqlite-wait-');
const file = join(dir.path, 'bellwether.db');

/** Largest gap between ticks of a 10 ms timer while `work` runs: how long the event loop was blocked. */
async function maxEventLoopGap<T>(work: Promise<T>): Promise<{ result: T; gapMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await work;
    // The last stretch counts too: a loop blocked until the very end never ticked at all.
    return { result, gapMs: Math.max(gapMs, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

describe('SQLite writer waiting for another process’s write lock', () => {
  let storage: KyselyStorage;

  beforeAll(async () => {
    storage = await openStorage({ kind: 'sqlite', file });
    await migrateToLatest(storage);
  });
  afterEach(killAllWorkers);
  afterAll(async () => {
    await storage.close();
    dir.remove();
  });

  it('waits for the lock without blocking its event loop, then commits', async () => {
    const holdMs = 3_000;
    const worker = spawnWorker('hold-transaction', {
      file,
      accountId: 'acc_held_then_committed',
      keyId: 'k_w',
      holdMs,
    });
    await worker.waitFor(/^in-transaction$/);
    const { gapMs } = await maxEventLoopGap(
      storage.usage.add([{ key_id: 'k_wait', window: 'hour', window_start: HOUR, delta: 1 }]),
    );
    // A synchronous busy wait would have frozen the loop for most of holdMs.
    expect(gapMs).toBeLessThan(holdMs / 3);
    expect(await expectClean(worker)).toEqual(['in-transaction', 'committed']);
    expect(await storage.usage.get('k_wait', 'hour', HOUR)).toBe(1);
    expect(await storage.accounts.get('acc_held_then_committed')).toMatchObject({ name: 'never committed' });
  });

  it('gives up with an error naming the lock when it stays held past busyTimeoutMs', async () => {
    const impatient = await openStorage({ kind: 'sqlite', file, busyTimeoutMs: 300 });
    try {
      const worker = spawnWorker('hold-transaction', { file, accountId: 'acc_held_forever', keyId: 'k_f' });
      await worker.waitFor(/^in-transaction$/);
      const attempt = await impatient.accounts.create({ name: 'too late', plan_id: null }).then(
        (account) => ({
          resolved: account.id,
          workerAlive: worker.child.exitCode === null && worker.child.signalCode === null,
          workerLines: worker.lines,
        }),
        (error: unknown) => ({ rejected: String(error) }),
      );
      expect(attempt).toEqual({ rejected: expect.stringMatching(/stayed locked by another connection/) });
      worker.kill('SIGKILL');
      await worker.exited;
      expect((await impatient.accounts.create({ name: 'in time', plan_id: null })).name).toBe('in time');
    } finally {
      await impatient.close();
    }
  });
});
