/**
 * Issue #42, finding 2: one account's slow webhook receivers delayed everyone's. The in-flight limit was
 * 4 per endpoint out of 32 slots per process, an account may have 20 endpoints, and test events were
 * unbilled: ten endpoints at a receiver that hangs took every slot, and another account's deliveries
 * lagged 25–98 s. Now each account holds at most its share of the slots (ADR 0083), a hanging attempt
 * ends at the configured timeout, and test events are billed like any other call. Both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/clock.js';
import { eventsRuntime } from '../../src/events/events-runtime.js';
import { WebhookDispatcher } from '../../src/events/webhooks/webhook-dispatcher.js';
import { Receiver } from '../events/support/receiver.js';
import { Deployment, type Instance, MODES, TEST_EVENTS_CONFIG } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

/** What a hanging attempt may hold its slot for: long beside the promptness asked of the other account. */
const TIMEOUT_SECONDS = 12;
const config = { ...TEST_EVENTS_CONFIG, deliver: false, timeoutSeconds: TIMEOUT_SECONDS };
const realClock: Clock = { now: () => new Date() };

describe.each(MODES)('one account’s slow receivers and another’s deliveries (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { events: config });
    server = await deployment.start();
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('delivers account B’s event promptly while account A’s ten endpoints hang (it lagged 25–98 s)', async () => {
    const { platform } = server;
    const runtime = eventsRuntime(platform, { deliver: false });
    const a = await server.account('growth');
    const b = await server.account('growth');
    const hanging: Receiver[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await Receiver.start();
      r.fallback = { hang: true };
      hanging.push(r);
    }
    const prompt = await Receiver.start();
    const dispatcher = new WebhookDispatcher(
      {
        storage: platform.storage,
        plans: platform.plans,
        cipher: platform.webhookCipher,
        clock: realClock,
        wallClock: realClock,
        hub: runtime.hub,
        config,
      },
      { pollMs: 100 },
    );
    try {
      // Account A: ten endpoints at receivers that never answer, four test events queued at each.
      for (const r of hanging) {
        const made = await runtime.webhooks.create(a.account.id, { url: r.url });
        if (!('endpoint' in made)) throw new Error(made.message);
        for (let i = 0; i < 4; i++) {
          const sent = await runtime.webhooks.sendTest(a.account.id, made.endpoint.id);
          expect('id' in sent).toBe(true);
        }
      }
      const made = await runtime.webhooks.create(b.account.id, {
        url: prompt.url,
        event_types: ['key.rotated'],
      });
      if (!('endpoint' in made)) throw new Error(made.message);
      dispatcher.start();
      // A's attempts take their slots and hang.
      const waiting = () => hanging.reduce((n, r) => n + r.received.length, 0);
      const until = Date.now() + 10_000;
      while (waiting() < 8 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300));
      const heldByA = waiting();
      // Account B's event, while A's receivers hang.
      const sentAt = Date.now();
      await platform.storage.events.append([
        {
          type: 'key.rotated',
          account_id: b.account.id,
          data: { key_id: 'key_b', name: 'b', last4: 'bbbb', rotated_at: new Date().toISOString() },
        },
      ]);
      dispatcher.kick(true);
      const [got] = await prompt.waitFor(1, (TIMEOUT_SECONDS - 2) * 1000);
      expect(got!.at - sentAt).toBeLessThan(2000);
      // A holds its share, not the process: a quarter of the 32 slots.
      expect(heldByA).toBe(8);
    } finally {
      for (const r of hanging) await r.close();
      await prompt.close();
      await dispatcher.close();
    }
  }, 30_000);

  it('ends an attempt at a receiver that never answers at the timeout, and frees its slot', async () => {
    const { platform } = server;
    const runtime = eventsRuntime(platform, { deliver: false });
    const a = await server.account('growth');
    const r = await Receiver.start();
    r.fallback = { hang: true };
    const short = { ...config, timeoutSeconds: 1 };
    const dispatcher = new WebhookDispatcher(
      {
        storage: platform.storage,
        plans: platform.plans,
        cipher: platform.webhookCipher,
        clock: realClock,
        wallClock: realClock,
        hub: runtime.hub,
        config: short,
      },
      { pollMs: 3_600_000 },
    );
    try {
      const made = await runtime.webhooks.create(a.account.id, { url: r.url });
      if (!('endpoint' in made)) throw new Error(made.message);
      const sent = await runtime.webhooks.sendTest(a.account.id, made.endpoint.id);
      if (!('id' in sent)) throw new Error(sent.message);
      const started = Date.now();
      dispatcher.kick(true);
      await dispatcher.idle();
      expect(Date.now() - started).toBeLessThan(3000);
      const found = await platform.storage.webhooks.getDelivery(a.account.id, sent.id);
      expect(found?.delivery).toMatchObject({ status: 'pending', attempts: 1 });
      expect(found?.attempts[0]).toMatchObject({ outcome: 'failure', status: null });
      expect(found?.attempts[0]?.error).toMatch(/time/i);
    } finally {
      await r.close();
      await dispatcher.close();
    }
  }, 15_000);

  it('bills test events to the key’s quota, so sending them is metered (158 were sent unbilled in 20 s)', async () => {
    const { platform } = server;
    const runtime = eventsRuntime(platform, { deliver: false });
    const a = await server.account('growth', { quota: 3 });
    const r = await Receiver.start();
    try {
      const made = await runtime.webhooks.create(a.account.id, { url: r.url });
      if (!('endpoint' in made)) throw new Error(made.message);
      const send = () =>
        server.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/${made.endpoint.id}/test`,
          headers: { authorization: `Bearer ${a.key}` },
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(202);
      expectProblem(await send(), 429, 'quota_exceeded');
      const queued = await platform.storage.webhooks.listDeliveries(a.account.id, made.endpoint.id, {
        limit: 100,
      });
      expect(queued).toHaveLength(3);
    } finally {
      await r.close();
    }
  });
});
