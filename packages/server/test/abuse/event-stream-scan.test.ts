/**
 * Issue #42, finding 5 (second half): an event stream whose `types` filter matched nothing never moved
 * its cursor, so every new event in the log made it read the account's whole log again (another
 * customer's /cards p50/p99 went from 2.3/5.4 ms to 160/269 ms). Now each read covers at most a bounded
 * stretch of the log after the last one, and the stream tells the client how far it has read with an
 * `id:` line without data, so a resume starts there too (ADR 0083). Both modes.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../src/db/event-outbox.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

describe.each(MODES)('an event stream whose filter matches nothing (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;
  let base: string;
  /** Every read the streams made: the log positions (after, through] it asked for. */
  const reads: { after: number; through: number | undefined }[] = [];

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    instance = await deployment.start();
    await instance.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(instance.app.server.address() as AddressInfo).port}`;
    const events = instance.platform.storage.events;
    const list = events.listForAccount.bind(events);
    events.listForAccount = (account_id, after, limit, types, through) => {
      reads.push({ after, through });
      return list(account_id, after, limit, types, through);
    };
  });
  afterAll(async () => {
    await instance?.close();
    await deployment?.destroy();
  });

  /** A stream's text as it arrives; `until` waits for a pattern in it. */
  async function open(key: string, query: string, headers: Record<string, string> = {}) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/events?${query}`, {
      headers: { authorization: `Bearer ${key}`, ...headers },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    let text = '';
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          text += decoder.decode(chunk.value, { stream: true });
        }
      } catch {
        // aborted
      }
    })();
    const until = async (pattern: RegExp, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        if (Date.now() > deadline) throw new Error(`stream never said ${pattern}: ${text.slice(-300)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    return { text: () => text, until, close: () => controller.abort() };
  }

  const rotated = (account_id: string, n: number): NewEvent[] =>
    Array.from({ length: n }, (_, i) => ({
      type: 'key.rotated',
      account_id,
      data: { key_id: `key_${i}`, name: 'k', last4: 'abcd', rotated_at: new Date().toISOString() },
    }));

  it('reads past events it does not send, and each new event costs a read of the new part only', async () => {
    const { key, account } = await instance.account('growth');
    const { storage } = instance.platform;
    const start = await storage.events.head();
    const stream = await open(key!, `since=${start}&types=quota.warning`);
    try {
      // 3,000 events the filter does not match, in the account's log.
      for (let i = 0; i < 3; i++) await storage.events.append(rotated(account.id, 1000));
      const head = await storage.events.head();
      await stream.until(new RegExp(`(^|\\n)id: ${head}\\n\\n`));
      // No read looked at more than a bounded stretch of the log.
      for (const r of reads.filter((x) => x.after >= start))
        expect((r.through ?? Number.POSITIVE_INFINITY) - r.after).toBeLessThanOrEqual(2000);
      // One more event: the stream reads from where it was, not from where it started.
      reads.length = 0;
      await storage.events.append(rotated(account.id, 1));
      await stream.until(new RegExp(`(^|\\n)id: ${head + 1}\\n\\n`));
      expect(reads.length).toBeGreaterThan(0);
      for (const r of reads) expect(r.after).toBeGreaterThanOrEqual(head);
      // Nothing was sent as an event.
      expect(stream.text()).not.toMatch(/^event:/m);
    } finally {
      stream.close();
    }
  });

  it('resumes from the position it told the client, and sends what matches after it', async () => {
    const { key, account } = await instance.account('growth');
    const { storage } = instance.platform;
    const start = await storage.events.head();
    const first = await open(key!, `since=${start}&types=quota.warning`);
    await storage.events.append(rotated(account.id, 50));
    const head = await storage.events.head();
    await first.until(new RegExp(`(^|\\n)id: ${head}\\n\\n`));
    first.close();
    reads.length = 0;
    const again = await open(key!, 'types=quota.warning', { 'last-event-id': String(head) });
    try {
      await storage.events.append([{ type: 'quota.warning', account_id: account.id, data: { i: 1 } }]);
      await again.until(/event: quota\.warning\n/);
      expect(again.text()).toMatch(new RegExp(`id: ${head + 1}\\nevent: quota\\.warning\\n`));
      for (const r of reads) expect(r.after).toBeGreaterThanOrEqual(head);
    } finally {
      again.close();
    }
  });
});
