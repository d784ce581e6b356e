import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, INSTANCE_PID_FILE } from '../../src/db/instance-lock.js';
import { createTempDir } from '../support/tmp.js';
import { killAllWorkers, spawnWorker } from './spawn-worker.js';

const root = createTempDir('bw-lock-');
let n = 0;
const newDataDir = () => join(root.path, `data-${n++}`);

/** A full garbage collection, without starting the test process with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('acquireInstanceLock', () => {
  afterEach(killAllWorkers);
  afterAll(() => root.remove());

  it('claims a new data directory, records its pid, and frees both on release', () => {
    const dataDir = newDataDir();
    const lock = acquireInstanceLock(dataDir);
    expect(lock.ok).toBe(true);
    expect(readFileSync(join(dataDir, INSTANCE_PID_FILE), 'utf8').trim()).toBe(String(process.pid));
    if (lock.ok) lock.release();
    expect(existsSync(join(dataDir, INSTANCE_PID_FILE))).toBe(false);
    const again = acquireInstanceLock(dataDir);
    expect(again.ok).toBe(true);
    if (again.ok) {
      again.release();
      again.release();
    }
  });

  it('keeps holding after the caller drops the result and the garbage collector runs', () => {
    // Regression: better-sqlite3 closes collected connections, which used to release the lock
    // of a serve that did not keep the returned object.
    const dataDir = newDataDir();
    (() => {
      expect(acquireInstanceLock(dataDir).ok).toBe(true);
    })();
    collectGarbage();
    expect(acquireInstanceLock(dataDir)).toMatchObject({ ok: false, holderPid: process.pid });
  });

  it('refuses a second claim on the same directory, naming the holder', () => {
    const dataDir = newDataDir();
    const first = acquireInstanceLock(dataDir);
    try {
      const second = acquireInstanceLock(dataDir);
      expect(second).toEqual({ ok: false, holderPid: process.pid, message: expect.any(String) });
      if (!second.ok) {
        expect(second.message).toContain(dataDir);
        expect(second.message).toContain(`process ${process.pid}`);
      }
      // Another directory is unaffected.
      const elsewhere = acquireInstanceLock(newDataDir());
      expect(elsewhere.ok).toBe(true);
      if (elsewhere.ok) elsewhere.release();
    } finally {
      if (first.ok) first.release();
    }
  });

  it('refuses to start beside a serve running in another process', async () => {
    const dataDir = newDataDir();
    const holder = spawnWorker('lock', { dataDir });
    expect(await holder.waitFor(/^\{/)).toBe('{"ok":true}');
    const refused = acquireInstanceLock(dataDir);
    expect(refused).toMatchObject({ ok: false, holderPid: holder.pid });

    const contender = spawnWorker('lock', { dataDir });
    const answer = JSON.parse(await contender.waitFor(/^\{/)) as { ok: boolean; holderPid: number };
    expect(answer).toMatchObject({ ok: false, holderPid: holder.pid });
  });

  it('takes over the directory of a holder killed with SIGKILL despite its stale pid file', async () => {
    const dataDir = newDataDir();
    const holder = spawnWorker('lock', { dataDir });
    expect(await holder.waitFor(/^\{/)).toBe('{"ok":true}');
    holder.kill('SIGKILL');
    await holder.exited;
    expect(readFileSync(join(dataDir, INSTANCE_PID_FILE), 'utf8').trim()).toBe(String(holder.pid));

    const lock = acquireInstanceLock(dataDir);
    expect(lock.ok).toBe(true);
    expect(readFileSync(join(dataDir, INSTANCE_PID_FILE), 'utf8').trim()).toBe(String(process.pid));
    if (lock.ok) lock.release();
  });

  it('lets exactly one of several processes starting at once win', async () => {
    const dataDir = newDataDir();
    const contenders = [1, 2, 3, 4].map(() => spawnWorker('lock', { dataDir, waitForGo: true }));
    await Promise.all(contenders.map((w) => w.waitFor(/^ready$/)));
    for (const w of contenders) w.child.stdin!.write('go\n');
    const answers = await Promise.all(
      contenders.map(async (w) => JSON.parse(await w.waitFor(/^\{/)) as { ok: boolean; holderPid?: number }),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
  });
});
