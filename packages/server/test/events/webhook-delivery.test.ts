import { verifyWebhook } from '@bellwether/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock/clock.js';
import { eventsRuntime } from '../../src/events/events-runtime.js';
import { RETRY_DELAYS_MS } from '../../src/events/webhooks/retry-schedule.js';
import { WebhookDispatcher } from '../../src/events/webhooks/webhook-dispatcher.js';
import type { Platform } from '../../src/platform/create-platform.js';
import { Deployment, MODES, TEST_EVENTS_CONFIG } from '../support/harness.js';
import { Receiver } from './support/receiver.js';

/** A clock the test moves: it starts at real time (what the storage stamps new deliveries with). */
class ManualClock implements Clock {
  t = Date.now();
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

const config = { ...TEST_EVENTS_CONFIG, deliver: false, timeoutSeconds: 1 };

describe.each(MODES)('webhook delivery (%s)', (mode) => {
  let deployment: Deployment;
  let platform: Platform;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { events: config });
    platform = await deployment.openPlatform();
  });
  afterAll(async () => {
    await platform.close();
    await deployment.destroy();
  });

  /** An account with an endpoint at a fresh receiver, and a dispatcher on a clock the test moves. */
  async function setup(options: { allowPrivate?: boolean; eventTypes?: string[] } = {}) {
    const made = await platform.accounts.create({
      name: 'Receiver Co',
      email: `r-${Math.random().toString(36).slice(2)}@example.test`,
      plan_id: 'growth',
    });
    if (!made.ok) throw new Error(made.reason);
    const receiver = await Receiver.start();
    const runtime = eventsRuntime(platform, { deliver: false });
    const created = await runtime.webhooks.create(made.account.id, {
      url: receiver.url,
      event_types: options.eventTypes ?? ['key.rotated', 'webhook.endpoint_disabled'],
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
        config: { ...config, allowPrivate: options.allowPrivate ?? true },
      },
      { random: () => 0.5, pollMs: 3_600_000 },
    );
    const account_id = made.account.id;
    const emit = () =>
      platform.storage.events.append([
        {
          type: 'key.rotated',
          account_id,
          data: { key_id: 'key_x', name: 'k', last4: 'abcd', rotated_at: clock.now().toISOString() },
        },
      ]);
    const round = async () => {
      dispatcher.kick(true);
      await dispatcher.idle();
    };
    const deliveries = async () =>
      (
        await platform.storage.webhooks.listDeliveries(account_id, created.endpoint.id, { limit: 100 })
      ).reverse();
    const endpoint = () => platform.storage.webhooks.getEndpoint(account_id, created.endpoint.id);
    const close = async () => {
      await dispatcher.close();
      await receiver.close();
    };
    return {
      receiver,
      clock,
      dispatcher,
      emit,
      round,
      deliveries,
      endpoint,
      close,
      secret: created.secret,
      account_id,
      endpointId: created.endpoint.id,
    };
  }

  it('retries a failed delivery on the schedule and records every attempt', async () => {
    const s = await setup();
    try {
      s.receiver.answer({ status: 500 }, { status: 200 });
      await s.emit();
      await s.round();
      let [d] = await s.deliveries();
      expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
      expect(Date.parse(d!.next_attempt_at!) - s.clock.t).toBe(RETRY_DELAYS_MS[0]);
      s.clock.advance(RETRY_DELAYS_MS[0]! - 1000);
      await s.round();
      expect(s.receiver.received).toHaveLength(1);
      s.clock.advance(1000);
      await s.round();
      [d] = await s.deliveries();
      expect(d).toMatchObject({ status: 'succeeded', attempts: 2, last_status: 200 });
      const [first, second] = s.receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      expect(second!.body).toBe(first!.body);
      // Each attempt is signed at its own time.
      expect(Number(second!.headers['webhook-timestamp']) - Number(first!.headers['webhook-timestamp'])).toBe(
        5,
      );
      await verifyWebhook(second!.headers as Record<string, string>, second!.body, s.secret, {
        now: s.clock.now(),
      });
      const detail = await platform.storage.webhooks.getDelivery(s.account_id, d!.id);
      expect(detail?.attempts.map((a) => [a.attempt, a.outcome, a.status])).toEqual([
        [1, 'failure', 500],
        [2, 'success', 200],
      ]);
    } finally {
      await s.close();
    }
  });

  it('makes nine attempts over more than two days, then gives up', async () => {
    const s = await setup();
    try {
      s.receiver.fallback = { status: 500 };
      await s.emit();
      const start = s.clock.t;
      await s.round();
      for (const delay of RETRY_DELAYS_MS) {
        s.clock.advance(delay);
        await s.round();
      }
      const [d] = await s.deliveries();
      expect(d).toMatchObject({ status: 'failed', attempts: 9 });
      expect(s.receiver.received).toHaveLength(9);
      expect(s.clock.t - start).toBeGreaterThan(24 * 3_600_000);
      s.clock.advance(7 * 86_400_000);
      await s.round();
      expect(s.receiver.received).toHaveLength(9);
    } finally {
      await s.close();
    }
  });

  it("honours a receiver's Retry-After when it asks for longer than the schedule", async () => {
    const s = await setup();
    try {
      s.receiver.answer({ status: 503, headers: { 'retry-after': '120' } });
      await s.emit();
      await s.round();
      const [d] = await s.deliveries();
      expect(Date.parse(d!.next_attempt_at!) - s.clock.t).toBe(120_000);
      s.clock.advance(60_000);
      await s.round();
      expect(s.receiver.received).toHaveLength(1);
      s.clock.advance(60_000);
      await s.round();
      expect(s.receiver.received).toHaveLength(2);
    } finally {
      await s.close();
    }
  });

  it('disables an endpoint that answers 410 and tells its owner', async () => {
    const s = await setup();
    const other = await Receiver.start();
    try {
      // A second endpoint of the account hears that the first was disabled.
      const runtime = eventsRuntime(platform, { deliver: false });
      await runtime.webhooks.create(s.account_id, {
        url: other.url,
        event_types: ['webhook.endpoint_disabled'],
      });
      s.receiver.answer({ status: 410 });
      await s.emit();
      await s.round();
      const endpoint = await s.endpoint();
      expect(endpoint).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
      await s.round();
      const [told] = await other.waitFor(1);
      expect(JSON.parse(told!.body)).toMatchObject({
        type: 'webhook.endpoint_disabled',
        data: { endpoint_id: s.endpointId, reason: 'gone' },
      });
      // Nothing more goes to it.
      await s.emit();
      await s.round();
      expect(s.receiver.received).toHaveLength(1);
    } finally {
      await other.close();
      await s.close();
    }
  });

  it('does not follow redirects, and times out a receiver that does not answer', async () => {
    const s = await setup();
    try {
      s.receiver.answer(
        { status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } },
        { hang: true },
      );
      await s.emit();
      await s.round();
      let [d] = await s.deliveries();
      expect(d).toMatchObject({ status: 'pending', last_status: 302 });
      expect(d!.last_error).toContain('redirect');
      s.clock.advance(RETRY_DELAYS_MS[0]!);
      const before = Date.now();
      await s.round();
      expect(Date.now() - before).toBeGreaterThanOrEqual(900);
      [d] = await s.deliveries();
      expect(d).toMatchObject({ status: 'pending', attempts: 2, last_status: null });
      expect(d!.last_error).toContain('timeout');
    } finally {
      await s.close();
    }
  });

  it('disables an endpoint that has failed for days without a success', async () => {
    const s = await setup();
    try {
      s.receiver.fallback = { status: 500 };
      for (let day = 0; day <= 6; day += 1) {
        await s.emit();
        await s.round();
        if ((await s.endpoint())?.status === 'disabled') break;
        s.clock.advance(86_400_000);
      }
      const endpoint = await s.endpoint();
      expect(endpoint).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
      const disabledAfter = Date.parse(endpoint!.disabled_at!) - Date.parse(endpoint!.failing_since!);
      expect(disabledAfter).toBeGreaterThanOrEqual(0);
      const events = await platform.storage.events.listForAccount(s.account_id, 0, 100, [
        'webhook.endpoint_disabled',
      ]);
      expect(events.at(-1)?.data).toMatchObject({ endpoint_id: s.endpointId, reason: 'failing' });
      // Its waiting deliveries are canceled, not left to fire.
      expect((await s.deliveries()).some((d) => d.status === 'pending')).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('checks the destination at delivery time: a registered URL that now points inside is refused', async () => {
    const s = await setup({ allowPrivate: false });
    try {
      await s.emit();
      await s.round();
      expect(s.receiver.received).toHaveLength(0);
      const [d] = await s.deliveries();
      expect(d!.last_error).toMatch(/loopback/);
      const detail = await platform.storage.webhooks.getDelivery(s.account_id, d!.id);
      expect(detail?.attempts[0]?.outcome).toBe('refused');
    } finally {
      await s.close();
    }
  });

  it('takes over an attempt whose process died once its lease runs out, with the same webhook-id', async () => {
    const s = await setup();
    try {
      await s.emit();
      // A process claims the delivery and dies before recording anything.
      const fanOut = new WebhookDispatcher(
        {
          storage: platform.storage,
          plans: platform.plans,
          cipher: platform.webhookCipher,
          clock: s.clock,
          wallClock: s.clock,
          hub: eventsRuntime(platform, { deliver: false }).hub,
          config,
        },
        { concurrency: 0, pollMs: 3_600_000 },
      );
      fanOut.kick(true);
      await fanOut.idle();
      const now = s.clock.now();
      const [claimed] = await platform.storage.webhooks.claimDue(
        now.toISOString(),
        new Date(now.getTime() + s.dispatcher.leaseMs).toISOString(),
        10,
      );
      expect(claimed?.attempt).toBe(1);
      await s.round();
      expect(s.receiver.received).toHaveLength(0);
      s.clock.advance(s.dispatcher.leaseMs + 1);
      await s.round();
      expect(s.receiver.received).toHaveLength(1);
      const [d] = await s.deliveries();
      expect(d).toMatchObject({ status: 'succeeded', attempts: 2, event_id: claimed!.delivery.event_id });
      expect(s.receiver.received[0]!.headers['webhook-id']).toBe(claimed!.delivery.event_id);
      // The dead attempt, recording late, changes nothing.
      const late = await platform.storage.webhooks.finishAttempts([
        {
          claim: claimed!,
          attempt: {
            started_at: now.toISOString(),
            duration_ms: 1,
            outcome: 'failure',
            status: 500,
            error: null,
            response_excerpt: null,
          },
          next: { status: 'failed' },
        },
      ]);
      expect(late).toEqual([false]);
      expect((await s.deliveries())[0]!.status).toBe('succeeded');
    } finally {
      await s.close();
    }
  });

  it('two dispatchers share the work: every event reaches every endpoint exactly once', async () => {
    const s = await setup();
    const second = await Receiver.start('/second');
    try {
      const runtime = eventsRuntime(platform, { deliver: false });
      await runtime.webhooks.create(s.account_id, { url: second.url, event_types: ['key.rotated'] });
      const other = new WebhookDispatcher(
        {
          storage: platform.storage,
          plans: platform.plans,
          cipher: platform.webhookCipher,
          clock: s.clock,
          wallClock: s.clock,
          hub: runtime.hub,
          config,
        },
        { pollMs: 3_600_000 },
      );
      for (let i = 0; i < 40; i += 1) await s.emit();
      s.dispatcher.kick(true);
      other.kick(true);
      await Promise.all([s.dispatcher.idle(), other.idle()]);
      s.dispatcher.kick(true);
      other.kick(true);
      await Promise.all([s.dispatcher.idle(), other.idle()]);
      await other.close();
      for (const r of [s.receiver, second]) {
        const ids = r.received.map((x) => x.headers['webhook-id']);
        expect(ids).toHaveLength(40);
        expect(new Set(ids).size).toBe(40);
      }
    } finally {
      await second.close();
      await s.close();
    }
  });
});
