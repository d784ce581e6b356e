import type { AddressInfo } from 'node:net';
import { Bellwether, type StreamedEvent } from '@bellwether/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance, MODES } from '../support/harness.js';

async function listen(instance: Instance): Promise<string> {
  await instance.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = instance.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Reads `n` events from an iterator. */
async function take(it: AsyncIterator<StreamedEvent>, n: number): Promise<StreamedEvent[]> {
  const out: StreamedEvent[] = [];
  while (out.length < n) {
    const next = await it.next();
    if (next.done === true) break;
    out.push(next.value);
  }
  return out;
}

describe.each(MODES)('the event stream (%s)', (mode) => {
  let deployment: Deployment;
  let instance: Instance;
  let base: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
    instance = await deployment.start();
    base = await listen(instance);
  });
  afterAll(async () => {
    await instance.close();
    await deployment.destroy();
  });

  /** Appends `n` events to an account (the log does not care who writes). */
  const emit = async (account_id: string, n: number, from = 0) => {
    for (let i = 0; i < n; i += 1)
      await instance.platform.storage.events.append([
        { type: 'quota.warning', account_id, data: { i: from + i } },
      ]);
  };

  it('is served as text/event-stream, unbuffered, with the rate-limit headers', async () => {
    const { key } = await instance.account('starter');
    const controller = new AbortController();
    const res = await fetch(`${base}/api/v1/events`, {
      headers: { authorization: `Bearer ${key}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe('retry: 3000\n\n');
    controller.abort();
  });

  it('resumes after a dropped connection with no gap and no duplicate', async () => {
    const { key, account } = await instance.account('starter');
    const client = new Bellwether({ baseUrl: base, apiKey: key!, pace: false });
    const head = await instance.platform.storage.events.head();
    const controller = new AbortController();
    const stream = client.events.stream({ since: head, signal: controller.signal, reconnectDelayMs: 50 });
    await emit(account.id, 4);
    const before = await take(stream, 3);
    // Every connection drops (a deploy, a proxy): the client reconnects with Last-Event-ID.
    instance.app.server.closeAllConnections();
    await emit(account.id, 3, 4);
    const after = await take(stream, 4);
    controller.abort();
    const seen = [...before, ...after].map((e) => (e.data as { i: number }).i);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const seqs = [...before, ...after].map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(7);
  });

  it("streams only the account's own events and the market's", async () => {
    const a = await instance.account('starter');
    const b = await instance.account('starter');
    const head = await instance.platform.storage.events.head();
    const client = new Bellwether({ baseUrl: base, apiKey: a.key!, pace: false });
    const controller = new AbortController();
    const stream = client.events.stream({ since: head, signal: controller.signal });
    await emit(b.account.id, 2);
    await instance.platform.storage.events.append([
      { type: 'data.stale', account_id: null, data: { ticker: 'XYZ' } },
    ]);
    await emit(a.account.id, 1);
    const got = await take(stream, 2);
    controller.abort();
    expect(got.map((e) => e.type)).toEqual(['data.stale', 'quota.warning']);
  });

  it('holds a bounded number of streams per key', async () => {
    const { key } = await instance.account('starter');
    const perKey = deployment.config.events.streamsPerKey;
    const controllers = Array.from({ length: perKey }, () => new AbortController());
    const open = await Promise.all(
      controllers.map((c) =>
        fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${key}` }, signal: c.signal }),
      ),
    );
    expect(open.map((r) => r.status)).toEqual(controllers.map(() => 200));
    const refused = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_streams');
    controllers[0]!.abort();
    // The slot comes back once the server sees the connection close.
    let status = 429;
    for (let i = 0; i < 50 && status === 429; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      const again = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${key}` } });
      status = again.status;
      if (status === 200) await again.body?.cancel();
    }
    expect(status).toBe(200);
    for (const c of controllers) c.abort();
  });

  it('refuses an unknown type or a malformed Last-Event-ID with a problem', async () => {
    const { key } = await instance.account('starter');
    const unknown = await instance.get('/api/v1/events?types=cards.publish', key);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toContain('cards.published');
    const bad = await instance.get('/api/v1/events', key, { 'last-event-id': 'evt_abc' });
    expect(bad.statusCode).toBe(422);
  });

  it('answers odd bytes in every parameter without a 5xx, as a problem or a stream', async () => {
    const { key } = await instance.account('starter');
    const odd = [
      '\u0000',
      'x\u0000',
      '\u007f',
      '💥',
      'a'.repeat(300),
      ',',
      ' , ',
      '',
      '0x10',
      ' 1',
      '-1',
      '1e400',
      'constructor',
      '__proto__',
      'toString',
    ];
    const statuses = new Set<number>();
    for (const value of odd)
      for (const [query, header] of [
        [`since=${encodeURIComponent(value)}`, undefined],
        [`types=${encodeURIComponent(value)}`, undefined],
        ['', value],
      ] as const) {
        const controller = new AbortController();
        const headers: Record<string, string> = { authorization: `Bearer ${key}` };
        // fetch refuses control characters in a header value: those never reach a server.
        if (header !== undefined)
          headers['last-event-id'] = /^[\x20-\x7e]*$/.test(header) ? header : 'not-ascii';
        const res = await fetch(`${base}/api/v1/events?${query}`, { headers, signal: controller.signal });
        statuses.add(res.status);
        expect(res.status, `${query} ${header}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.headers.get('content-type')).toContain('application/problem+json');
        else expect(res.headers.get('content-type')).toContain('text/event-stream');
        controller.abort();
      }
    expect(statuses.has(422)).toBe(true);
  });

  it('a server that shuts down ends its open streams instead of waiting for them', async () => {
    const other = await deployment.start();
    const otherBase = await listen(other);
    const { key } = await other.account('starter');
    const res = await fetch(`${otherBase}/api/v1/events`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    const t0 = Date.now();
    await other.close();
    expect(Date.now() - t0).toBeLessThan(5000);
    let done = false;
    while (!done) done = (await reader.read()).done;
  });

  it.runIf(mode === 'distributed')(
    'an event written on one node reaches a stream held on another',
    async () => {
      const other = await deployment.start();
      try {
        const otherBase = await listen(other);
        const { key, keyId, account } = await instance.account('starter');
        const client = new Bellwether({ baseUrl: otherBase, apiKey: key!, pace: false });
        const head = await instance.platform.storage.events.head();
        const controller = new AbortController();
        const stream = client.events.stream({
          since: head,
          signal: controller.signal,
          types: ['key.rotated'],
        });
        const started = Date.now();
        const next = take(stream, 1);
        await new Promise((r) => setTimeout(r, 200));
        const t0 = Date.now();
        await instance.platform.keys.rotate(keyId!, account.id);
        const [got] = await next;
        controller.abort();
        expect(got?.type).toBe('key.rotated');
        // Announced through Redis, not found by the one-second poll.
        expect(Date.now() - t0).toBeLessThan(900);
        expect(Date.now() - started).toBeGreaterThan(0);
      } finally {
        await other.close();
      }
    },
  );
});
