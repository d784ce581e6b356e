/**
 * The work waiting, as /metrics reports it on API nodes and workers (issue #45): queued and running
 * analysis jobs with the oldest queued one's age, read from the job rows (so every process tells the same
 * story), in both storage modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryFailures } from '../../src/events/webhooks/delivery-failures.js';
import { renderOperationsMetrics } from '../../src/http/routes/system/operations-metrics.js';
import type { Platform } from '../../src/platform/create-platform.js';
import { Deployment, MODES } from '../support/harness.js';

describe.each(MODES)('the backlog on /metrics (%s)', (mode) => {
  let deployment: Deployment;
  let platform: Platform;
  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    // A platform without a job runner: nothing takes the jobs this test queues.
    platform = await deployment.openPlatform();
  });
  afterAll(async () => {
    await platform.close();
    await deployment.destroy();
  });

  it('counts queued and running analyses, ages the oldest queued one, and counts failures by answer', async () => {
    const empty = await platform.storage.backlog.read();
    expect(empty).toEqual({
      analysisQueued: 0,
      analysisOldestQueuedAt: null,
      analysisRunning: 0,
      webhooksPending: 0,
      webhooksOldestPendingAt: null,
    });
    const created = await platform.accounts.create({ name: 'Q', email: 'q@example.test', plan_id: 'growth' });
    if (!created.ok) throw new Error(created.reason);
    const key = await platform.keys.create(created.account.id, 'q');
    if (!key.ok) throw new Error(key.reason);
    const job = (n: number) => ({
      id: `job_backlog${n}`,
      account_id: created.account.id,
      key_id: key.record.id,
      ticker: 'VZN',
      tier: 'Light' as const,
    });
    const first = await platform.storage.analysis.create(job(1));
    await platform.storage.analysis.create(job(2));
    await platform.storage.analysis.create(job(3));
    expect(
      await platform.storage.analysis.claim('job_backlog3', new Date(Date.now() + 60_000).toISOString()),
    ).toBeDefined();

    const backlog = await platform.storage.backlog.read();
    expect(backlog).toMatchObject({ analysisQueued: 2, analysisRunning: 1, webhooksPending: 0 });
    expect(backlog.analysisOldestQueuedAt).toBe(first.created_at);

    const failures = new DeliveryFailures();
    failures.record('503');
    failures.record('503');
    failures.record('429');
    const text = await renderOperationsMetrics({
      backlog: platform.storage.backlog,
      deliveryFailures: failures,
    });
    expect(text).toContain('\nbellwether_analysis_queue_depth 2\n');
    expect(text).toContain('\nbellwether_analysis_running 1\n');
    expect(text).toMatch(/\nbellwether_analysis_queue_oldest_age_seconds \d+\n/);
    expect(text).toContain('bellwether_webhook_delivery_failures_total{status="429"} 1\n');
    expect(text).toContain('bellwether_webhook_delivery_failures_total{status="503"} 2\n');
  }, 60_000);
});
