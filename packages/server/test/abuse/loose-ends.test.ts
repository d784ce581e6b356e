/**
 * Issue #23's low findings that need no process of their own: a worker retry overwrote an analysis job's
 * `started_at`; keys written percent-encoded in a URL reached the logs verbatim; a 503 the client
 * caused (load shed) was logged as an error with a stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { Deployment, MODES } from '../support/harness.js';

describe.each(MODES)('loose ends (%s)', (mode) => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('keeps the first start of an analysis job across retries, and counts the attempts', async () => {
    let clock = new Date('2026-11-25T15:00:00.000Z');
    const storage = await openStorage({ ...deployment.config.storage, now: () => clock });
    try {
      await migrateToLatest(storage);
      const a = storage.analysis;
      await a.create({ id: 'job_retry', account_id: 'acc_r', key_id: 'key_r', ticker: 'JNJ', tier: 'Light' });
      const first = await a.claim('job_retry', '2026-11-25T15:00:30.000Z');
      expect(first).toMatchObject({ attempts: 1, started_at: '2026-11-25T15:00:00.000Z' });
      // The attempt fails and is retried a minute later; then its process dies and the sweep requeues it.
      expect(await a.requeue('job_retry', 1)).toBe(true);
      clock = new Date('2026-11-25T15:01:00.000Z');
      expect(await a.claim('job_retry', '2026-11-25T15:01:30.000Z')).toMatchObject({
        attempts: 2,
        started_at: '2026-11-25T15:00:00.000Z',
      });
      clock = new Date('2026-11-25T15:05:00.000Z');
      expect(await a.recoverExpired('2026-11-25T15:05:00.000Z', 3, { code: 'x' })).toEqual({
        requeued: ['job_retry'],
        failed: [],
      });
      const third = await a.claim('job_retry', '2026-11-25T15:05:30.000Z');
      expect(third).toMatchObject({ attempts: 3, started_at: '2026-11-25T15:00:00.000Z' });
      expect(await a.succeed('job_retry', 3, 'rpt_retry', '{}')).toBe(true);
      expect(await a.get('acc_r', 'job_retry')).toMatchObject({
        status: 'succeeded',
        attempts: 3,
        started_at: '2026-11-25T15:00:00.000Z',
        finished_at: '2026-11-25T15:05:00.000Z',
      });
    } finally {
      await storage.close();
    }
  });
});
