import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, TEST_EVENTS_CONFIG } from '../support/harness.js';
import { ServeProcess, WorkerProcess } from '../support/serve-process.js';
import { Receiver } from './support/receiver.js';

/** Loopback receivers over plain http, and short attempts so a lease runs out within the test. */
const EVENTS_ENV = {
  BELLWETHER_WEBHOOKS_ALLOW_PRIVATE: 'on',
  BELLWETHER_WEBHOOKS_ALLOW_HTTP: 'on',
  BELLWETHER_WEBHOOK_TIMEOUT_SECONDS: '2',
};

interface Delivery {
  id: string;
  status: string;
  attempts: number;
  event_id: string;
  attempt_history?: { attempt: number; outcome: string }[];
}

async function until<T>(read: () => Promise<T>, ok: (t: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('kill -9 of the delivering process mid-attempt loses nothing (embedded: serve)', () => {
  let deployment: Deployment;
  let receiver: Receiver;
  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await deployment.destroy();
  });

  it('delivers the event again, with the same webhook-id, from the next process', async () => {
    const env = { ...deployment.env(), ...EVENTS_ENV };
    const first = await ServeProcess.start(env);
    const key = first.startup.demo_api_key as string;
    const api = (server: ServeProcess, method: string, path: string) =>
      fetch(`${server.address}/api/v1${path}`, { method, headers: { authorization: `Bearer ${key}` } });
    let second: ServeProcess | undefined;
    try {
      const made = await fetch(`${first.address}/api/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        // Only the test event goes to it (the demo's publication and other events do not).
        body: JSON.stringify({ url: receiver.url, event_types: ['key.revoked'] }),
      });
      expect(made.status).toBe(201);
      const endpoint = ((await made.json()) as { endpoint: { id: string } }).endpoint.id;
      receiver.answer({ hang: true });
      const sent = (await (await api(first, 'POST', `/webhooks/${endpoint}/test`)).json()) as Delivery;
      const [attempt] = await receiver.waitFor(1);
      // The attempt is in flight at the receiver: the process dies before it can record anything.
      await first.kill();
      second = await ServeProcess.start(env);
      const [, again] = await receiver.waitFor(2, 30_000);
      expect(again!.headers['webhook-id']).toBe(attempt!.headers['webhook-id']);
      expect(again!.body).toBe(attempt!.body);
      const done = await until(
        async () =>
          (await (
            await api(second!, 'GET', `/webhooks/${endpoint}/deliveries/${sent.id}`)
          ).json()) as Delivery,
        (d) => d.status === 'succeeded',
      );
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, event_id: sent.event_id });
      expect(done.attempt_history?.map((a) => [a.attempt, a.outcome])).toEqual([[2, 'success']]);
    } finally {
      await first.kill();
      await second?.stop();
    }
  }, 90_000);
});

describe('kill -9 of the delivering process mid-attempt loses nothing (distributed: workers)', () => {
  let deployment: Deployment;
  let instance: Instance;
  let receiver: Receiver;
  beforeAll(async () => {
    // This API node delivers nothing: the workers do.
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

  it('another worker makes the attempt again once the dead one’s lease runs out', async () => {
    const env = { ...deployment.env(), ...EVENTS_ENV, BELLWETHER_ANALYSIS_THREADS: '1' };
    const { key } = await instance.account('growth');
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      instance.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const worker = await WorkerProcess.start(env);
    let other: WorkerProcess | undefined;
    try {
      const endpoint = (
        await call('POST', '/webhooks', { url: receiver.url, event_types: ['key.revoked'] })
      ).json().endpoint.id as string;
      receiver.answer({ hang: true });
      const sent = (await call('POST', `/webhooks/${endpoint}/test`)).json() as Delivery;
      const [attempt] = await receiver.waitFor(1, 20_000);
      await worker.kill();
      other = await WorkerProcess.start(env);
      const [, again] = await receiver.waitFor(2, 30_000);
      expect(again!.headers['webhook-id']).toBe(attempt!.headers['webhook-id']);
      const done = await until(
        async () => (await call('GET', `/webhooks/${endpoint}/deliveries/${sent.id}`)).json() as Delivery,
        (d) => d.status === 'succeeded',
      );
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(receiver.received).toHaveLength(2);
    } finally {
      await worker.kill();
      await other?.stop();
    }
  }, 90_000);
});
