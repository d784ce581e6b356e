/**
 * `events.stream()` against a loopback node:http server speaking the wire format of GET /api/v1/events:
 * `retry:`, `id: <seq>` / `event: <type>` / `data: <json>` blocks, `: heartbeat` comments, Last-Event-ID
 * resumption and problem+json refusals.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Bellwether, BellwetherProblem, type ClientOptions, type StreamedEvent } from '../src/index.js';

type Handler = (req: IncomingMessage, res: ServerResponse, attempt: number) => void | Promise<void>;

interface Loopback {
  readonly client: Bellwether;
  /** Every request received, with when it arrived and a promise settled when its socket closed. */
  readonly requests: { req: IncomingMessage; at: number; closed: Promise<void> }[];
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server answering its nth request (0-based) with `handler`, and a client pointed at it. */
async function serve(handler: Handler, options: Partial<ClientOptions> = {}): Promise<Loopback> {
  const requests: Loopback['requests'] = [];
  const server = createServer((req, res) => {
    const closed = new Promise<void>((resolve) => res.on('close', resolve));
    requests.push({ req, at: performance.now(), closed });
    void handler(req, res, requests.length - 1);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { client: new Bellwether({ baseUrl, apiKey: 'bw_test', ...options }), requests };
}

function open(res: ServerResponse, retryMs?: number): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.socket?.setNoDelay(true);
  if (retryMs !== undefined) res.write(`retry: ${retryMs}\n\n`);
}

function block(seq: number, type = 'cards.published', data: unknown = { seq }): string {
  const body = {
    id: `evt_${seq}`,
    type,
    timestamp: `2026-11-25T13:30:${String(seq).padStart(2, '0')}Z`,
    data,
  };
  return `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(body)}\n\n`;
}

function problem(
  res: ServerResponse,
  status: number,
  code: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/problem+json', ...headers });
  res.end(
    JSON.stringify({
      type: `https://bellwether.example/problems/${code}`,
      title: code,
      status,
      detail: `refused: ${code}`,
      instance: '/api/v1/events',
      code,
      request_id: 'req_test',
    }),
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first `n` events of a stream (then `break`, which closes it). */
async function take(stream: AsyncIterable<StreamedEvent>, n: number): Promise<StreamedEvent[]> {
  const events: StreamedEvent[] = [];
  if (n === 0) return events;
  for await (const e of stream) if (events.push(e) === n) break;
  return events;
}

describe('events.stream()', () => {
  it('parses events split at odd chunk boundaries (inside CRLFs and multi-byte characters) exactly', async () => {
    const note = 'Ünïcode € 😀 — “quoted”';
    const wire =
      `retry: 50\r\n\r\n: heartbeat\r\n\r\n${[1, 2, 3].map((s) => block(s, 'cards.published', { note, s })).join('')}`
        .replaceAll('\n', '\r\n')
        .replaceAll('\r\r\n', '\r\n');
    const bytes = Buffer.from(wire);
    const { client } = await serve(async (_req, res) => {
      open(res);
      for (let at = 0, i = 0; at < bytes.length; i++) {
        const size = [1, 2, 3, 5, 7][i % 5] as number;
        res.write(bytes.subarray(at, at + size));
        at += size;
        await pause(1);
      }
    });
    expect(await take(client.events.stream(), 3)).toEqual(
      [1, 2, 3].map((s) => ({
        seq: s,
        id: `evt_${s}`,
        type: 'cards.published',
        timestamp: `2026-11-25T13:30:0${s}Z`,
        data: { note, s },
      })),
    );
  });

  it('resumes with Last-Event-ID: 3 when the server drops the connection after 3 of 6, yielding 4, 5, 6 once', async () => {
    const { client, requests } = await serve((_req, res, attempt) => {
      open(res, 20);
      if (attempt === 0) res.write([1, 2, 3].map((s) => block(s)).join(''), () => res.socket?.destroy());
      else res.write([4, 5, 6].map((s) => block(s)).join(''));
    });
    const events = await take(client.events.stream(), 6);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.req.headers['last-event-id']).toBeUndefined();
    expect(requests[1]?.req.headers['last-event-id']).toBe('3');
    expect(requests[1]?.req.headers.authorization).toBe('Bearer bw_test');
    // The server's `retry: 20` replaced the default 1 s wait.
    expect((requests[1]?.at as number) - (requests[0]?.at as number)).toBeLessThan(900);
  });

  it('resumes after an `id:` line without data, the position the server read to past events it did not send', async () => {
    const { client, requests } = await serve((_req, res, attempt) => {
      open(res, 20);
      if (attempt === 0) res.write(`${block(1)}id: 40\n\n`, () => res.socket?.destroy());
      else res.write(block(41));
    });
    const events = await take(client.events.stream(), 2);
    expect(events.map((e) => e.seq)).toEqual([1, 41]);
    expect(requests[1]?.req.headers['last-event-id']).toBe('40');
  });

  it('yields nothing and raises nothing while the server only sends heartbeats, which keep a connection alive', async () => {
    const { client, requests } = await serve(async (_req, res) => {
      open(res, 20);
      while (!res.destroyed) {
        res.write(`: heartbeat ${new Date().toISOString()}\n\n`);
        await pause(10);
      }
    });
    const events = await take(
      client.events.stream({ signal: AbortSignal.timeout(400), stallTimeoutMs: 100 }),
      Infinity,
    );
    expect(events).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('replaces a connection silent for longer than the stall timeout, resuming after the last event', async () => {
    const { client, requests } = await serve((_req, res, attempt) => {
      open(res, 10);
      res.write(block(attempt + 1));
    });
    const events = await take(client.events.stream({ stallTimeoutMs: 150 }), 2);
    expect(events.map((e) => e.seq)).toEqual([1, 2]);
    expect(requests[1]?.req.headers['last-event-id']).toBe('1');
    await requests[0]?.closed;
  });

  it('doubles the wait after each connection that delivers nothing, up to maxReconnectDelayMs', async () => {
    const { client, requests } = await serve((_req, res) => {
      open(res);
      res.end();
    });
    const stop = new AbortController();
    const stream = take(
      client.events.stream({ signal: stop.signal, reconnectDelayMs: 25, maxReconnectDelayMs: 100 }),
      1,
    );
    while (requests.length < 5) await pause(5);
    stop.abort();
    expect(await stream).toEqual([]);
    const gaps = requests.slice(1).map((r, i) => r.at - (requests[i]?.at as number));
    for (const [i, expected] of [25, 50, 100, 100].entries())
      expect(gaps[i]).toBeGreaterThanOrEqual(expected - 2);
    // Uncapped, the fourth wait would have been 200 ms.
    expect(gaps[3]).toBeLessThan(190);
  });

  it('throws a 401 problem as a BellwetherProblem without reconnecting', async () => {
    const { client, requests } = await serve((_req, res) => problem(res, 401, 'invalid_token'));
    const error = await take(client.events.stream(), 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BellwetherProblem);
    expect(error).toMatchObject({ status: 401, code: 'invalid_token', requestId: 'req_test' });
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['the transport retrying', {}],
    ['the stream retrying', { maxRetries: 0 }],
  ])('waits out a 429 with Retry-After: 1, then streams (%s)', async (_, options) => {
    const { client, requests } = await serve((_req, res, attempt) => {
      if (attempt === 0) return problem(res, 429, 'too_many_streams', { 'retry-after': '1' });
      open(res);
      res.write(block(1) + block(2));
    }, options);
    expect((await take(client.events.stream(), 2)).map((e) => e.seq)).toEqual([1, 2]);
    expect(requests).toHaveLength(2);
    expect((requests[1]?.at as number) - (requests[0]?.at as number)).toBeGreaterThanOrEqual(990);
  });

  it('ends the iteration without an error when its signal aborts, and the server sees the socket close', async () => {
    const { client, requests } = await serve((_req, res) => {
      open(res);
      res.write(block(1));
    });
    const stop = new AbortController();
    const seen: number[] = [];
    for await (const e of client.events.stream({ signal: stop.signal })) {
      seen.push(e.seq);
      stop.abort();
    }
    expect(seen).toEqual([1]);
    await requests[0]?.closed;
    expect(requests[0]?.req.socket.destroyed).toBe(true);
  });

  it('closes the connection when the loop breaks (iterator.return)', async () => {
    const { client, requests } = await serve((_req, res) => {
      open(res);
      res.write(block(1) + block(2));
    });
    const stream = client.events.stream();
    expect((await stream.next()).value).toMatchObject({ seq: 1 });
    await stream.return?.();
    await requests[0]?.closed;
    expect(await stream.next()).toEqual({ done: true, value: undefined });
  });

  it('does not yield an event twice when the server re-sends an already yielded seq after reconnecting', async () => {
    const { client, requests } = await serve((_req, res, attempt) => {
      open(res, 10);
      if (attempt === 0) res.end(block(1) + block(2));
      else res.write(block(1) + block(2) + block(3));
    });
    expect((await take(client.events.stream(), 3)).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(requests[1]?.req.headers['last-event-id']).toBe('2');
  });

  it('sends since as Last-Event-ID and types as a comma list, and skips events at or before since', async () => {
    const { client, requests } = await serve((_req, res) => {
      open(res);
      res.write(block(41) + block(42, 'outcomes.resolved'));
    });
    const events = await take(
      client.events.stream({ since: 41, types: ['cards.published', 'outcomes.resolved'] }),
      1,
    );
    expect(events.map((e) => [e.seq, e.type])).toEqual([[42, 'outcomes.resolved']]);
    const url = new URL(requests[0]?.req.url as string, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/events');
    expect(url.searchParams.get('types')).toBe('cards.published,outcomes.resolved');
    expect(requests[0]?.req.headers['last-event-id']).toBe('41');
    expect(requests[0]?.req.headers.accept).toBe('text/event-stream');
  });
});
