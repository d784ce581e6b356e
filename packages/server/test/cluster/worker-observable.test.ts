/**
 * `bellwether worker` can be watched (issue #45): it serves /healthz, /readyz and /metrics on its own port
 * (BELLWETHER_WORKER_PORT), logs only JSON lines, and a failed webhook delivery (the endpoint answers 503)
 * is logged — without the endpoint's URL — and counted by status in its /metrics. Before, a worker had no
 * endpoint at all and a failed delivery left no line in any process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../events/support/receiver.js';
import { Deployment, type Instance, TEST_EVENTS_CONFIG } from '../support/harness.js';
import { WorkerProcess } from '../support/serve-process.js';

const EVENTS_ENV = {
  BELLWETHER_WEBHOOKS_ALLOW_PRIVATE: 'on',
  BELLWETHER_WEBHOOKS_ALLOW_HTTP: 'on',
  BELLWETHER_WEBHOOK_TIMEOUT_SECONDS: '2',
  BELLWETHER_ANALYSIS_THREADS: '1',
};

describe('bellwether worker is observable (distributed)', () => {
  let deployment: Deployment;
  let instance: Instance;
  let receiver: Receiver;
  beforeAll(async () => {
    deployment = await Deployment.create('distributed', {
      events: { ...TEST_EVENTS_CONFIG, deliver: false },
    });
    instance = await deployment.start();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await instance.close();
    await deployment.destroy();
  });

  it('serves health, readiness and metrics, and logs and counts a delivery the endpoint answers 503', async () => {
    const worker = await WorkerProcess.start({ ...deployment.env(), ...EVENTS_ENV });
    try {
      expect(worker.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${worker.address}/healthz`);
      expect(health.status).toBe(200);
      const ready = await fetch(`${worker.address}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: { redis: 'ok', secret: 'ok', storage: 'ok' },
      });
      const other = await fetch(`${worker.address}/api/v1/cards`);
      expect(other.status).toBe(404);
      expect(other.headers.get('content-type')).toContain('application/problem+json');

      const { key } = await instance.account('growth');
      const call = (method: 'POST', url: string, body?: unknown) =>
        instance.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      const endpoint = (
        await call('POST', '/webhooks', { url: receiver.url, event_types: ['key.revoked'] })
      ).json().endpoint.id as string;
      receiver.fallback = { status: 503 };
      expect((await call('POST', `/webhooks/${endpoint}/test`)).statusCode).toBe(202);
      await receiver.waitFor(1, 20_000);

      let metrics = '';
      const deadline = Date.now() + 20_000;
      while (
        !/bellwether_webhook_delivery_failures_total\{status="503"\} 1\n/.test(metrics) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 200));
        metrics = await (await fetch(`${worker.address}/metrics`)).text();
      }
      expect(metrics).toMatch(/bellwether_webhook_delivery_failures_total\{status="503"\} 1\n/);
      // The delivery waits for its retry: the backlog shows it.
      expect(metrics).toMatch(/\nbellwether_webhook_backlog 1\n/);
      expect(metrics).toMatch(/\nbellwether_analysis_queue_depth 0\n/);
      expect(metrics).toMatch(/\nbellwether_process_cpu_seconds_total /);

      const lines = worker
        .output()
        .split('\n')
        .filter((l) => l.trim() !== '');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const failed = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'webhook delivery failed; will retry');
      expect(failed).toMatchObject({
        level: 40,
        endpoint_id: endpoint,
        status: 503,
        attempt: 1,
        event_type: 'webhook.test',
      });
      expect(JSON.stringify(failed)).not.toContain(receiver.url);
    } finally {
      await worker.stop();
    }
  }, 120_000);
});
