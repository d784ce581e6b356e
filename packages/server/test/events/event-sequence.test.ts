import type { AddressInfo } from 'node:net';
import { Bellwether, type StreamedEvent } from '@bellwether/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/clock.js';
import { eventsRuntime } from '../../src/events/events-runtime.js';
import { WebhookDispatcher } from '../../src/events/webhooks/webhook-dispatcher.js';
import { Deployment, type Instance, MODES, TEST_EVENTS_CONFIG } from '../support/harness.js';
import { Receiver } from './support/receiver.js';

/** Real time that the test moves forward (the dispatcher's purge ages events by it). */
class ManualClock implements Clock {
  t = Date.now();
  now(): Date {
    return new Date(this.t);
  }
}

const DAY_MS = 86_400_000;

/** The next event of a stream, or undefined when none comes within `ms`. */
async function next(it: AsyncIterator<StreamedEvent>, ms: number): Promise<StreamedEvent | undefined> {
  const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), ms));
  return Promise.race([it.next().then((n) => (n.done === true ? undefined : n.value)), timeout]);
}

describe.each(MODES)('event numbers are never reused (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;
  let base: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { events: TEST_EVENTS_CONFIG });
    instance = await deployment.start();
    await instance.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await instance.close();
    await deployment.destroy();
  });

  // Issue #45: the log numbered events max(seq)+1, so once the newest events were purged the next event
  // took a number both the stream and the webhook fan-out had already passed, and was never delivered.
  it('delivers the event after a purge of the newest events, on webhooks and the stream', async () => {
    const { platform } = instance;
    const { key, account } = await instance.account('growth');
    const receiver = await Receiver.start();
    const runtime = eventsRuntime(platform, { deliver: false });
    const created = await runtime.webhooks.create(account.id, {
      url: receiver.url,
      event_types: ['key.rotated'],
    });
    if (!('endpoint' in created)) throw new Error(created.message);
    const clock = new ManualClock();
    const dispatcher = new WebhookDispatcher(
      {
        storage: platform.storage,
        plans: platform.plans,
        cipher: platform.webhookCipher,
        clock,
        wallClock: clock,
        hub: runtime.hub,
        config: TEST_EVENTS_CONFIG,
      },
      { pollMs: 3_600_000 },
    );
    const round = async () => {
      dispatcher.kick(true);
      await dispatcher.idle();
    };
    const client = new Bellwether({ baseUrl: base, apiKey: key!, pace: false });
    const controller = new AbortController();
    const stream = client.events.stream({
      since: await platform.storage.events.head(),
      signal: controller.signal,
      types: ['key.rotated'],
      reconnectDelayMs: 50,
    });
    const emit = (name: string) =>
      platform.storage.events.append([
        {
          type: 'key.rotated',
          account_id: account.id,
          data: { key_id: 'key_x', name, last4: 'abcd', rotated_at: clock.now().toISOString() },
        },
      ]);
    try {
      const [first] = await emit('first');
      await round();
      await receiver.waitFor(1);
      expect((await next(stream, 5000))?.seq).toBe(first!.seq);

      // Retention passes (by the clock the storage stamps events with): the whole log, newest event
      // included, is purged.
      clock.t += (TEST_EVENTS_CONFIG.retentionDays + 1) * DAY_MS;
      await round();
      expect(await platform.storage.events.page(0, 10)).toEqual([]);

      const [second] = await emit('second');
      expect(second!.seq).toBeGreaterThan(first!.seq);
      await round();
      const hooks = await receiver.waitFor(2, 3000);
      expect(JSON.parse(hooks[1]!.body).data.name).toBe('second');
      const streamed = await next(stream, 5000);
      expect(streamed?.seq).toBe(second!.seq);
      expect((streamed?.data as { name: string } | undefined)?.name).toBe('second');
    } finally {
      controller.abort();
      await dispatcher.close();
      await runtime.close();
      await receiver.close();
    }
  });
});
