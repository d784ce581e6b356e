/**
 * Replays issue #23's slow-client finding: 5,000 connections sending their body slowly were held for
 * 40 s and none closed (Fastify's requestTimeout was 0); with 2,048 descriptors `/healthz` stopped
 * answering. Requests now time out (408 problem+json, connection closed), and one address cannot hold
 * more than its share of connections (ADR 0062). The HTTP layer is the same in both run modes, so
 * these run embedded.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CONFIG, DEFAULT_HTTP_CONFIG, type HttpConfig } from '../../src/config/config.js';
import { Deployment, type Instance } from '../support/harness.js';

interface Outcome {
  /** Everything the server wrote. */
  readonly answer: string;
  /** `undefined` when the server still held the connection open at the deadline. */
  readonly closedAfterMs: number | undefined;
}

/**
 * Opens a raw connection from `localAddress`, sends `bytes`, then `trickle` one byte a second, and
 * reports what came back and when the server closed, or that it had not after `deadlineMs`.
 */
function exchange(
  port: number,
  bytes: string,
  opts: { deadlineMs: number; trickle?: boolean; localAddress?: string },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ port, host: '127.0.0.1', localAddress: opts.localAddress ?? '127.0.0.1' });
    let answer = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(trickle);
      socket.destroy();
      resolve({ answer, closedAfterMs: closed ? Date.now() - started : undefined });
    };
    const deadline = setTimeout(() => finish(false), opts.deadlineMs);
    const trickle = setInterval(() => {
      if (opts.trickle === true && socket.writable) socket.write(' ');
    }, 1000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(bytes);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: JSON.parse(body) as Record<string, unknown>,
  };
}

/** Resolves once the socket is connected. */
function open(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', reject);
  });
}

async function start(
  http: Partial<HttpConfig>,
): Promise<{ deployment: Deployment; server: Instance; port: number }> {
  const deployment = await Deployment.create('embedded', {
    http: { ...DEFAULT_HTTP_CONFIG, ...http },
    // No analysis threads: a submitted job stays queued, so a long poll on it lasts its whole wait.
    analysis: { ...DEFAULT_ANALYSIS_CONFIG, threads: 0 },
  });
  const server = await deployment.start();
  const port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  return { deployment, server, port };
}

/** A job submission announcing a 1,000-byte body, with a valid key so the server waits for the body. */
const postHead = (key: string) =>
  `POST /api/v1/analysis HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;

describe('slow requests time out', () => {
  let ctx: Awaited<ReturnType<typeof start>>;
  let key: string;

  beforeAll(async () => {
    ctx = await start({ headersTimeoutMs: 1000, requestTimeoutMs: 2000 });
    key = ((await ctx.server.account('enterprise')) as { key: string }).key;
  });
  afterAll(async () => {
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('answers a body that stops arriving with 408 problem+json and closes the connection', async () => {
    const out = await exchange(ctx.port, `${postHead(key)}{"ticker":`, { deadlineMs: 8000 });
    expect(out.closedAfterMs, 'connection still open').toBeDefined();
    expect(out.closedAfterMs).toBeLessThan(5000);
    const res = parse(out.answer);
    expect(res.status).toBe(408);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toMatchObject({ code: 'request_timeout', status: 408 });
  });

  it('answers a body trickled a byte a second with 408 too', async () => {
    const out = await exchange(ctx.port, `${postHead(key)}{`, { deadlineMs: 8000, trickle: true });
    expect(out.closedAfterMs, 'connection still open').toBeDefined();
    expect(parse(out.answer)).toMatchObject({ status: 408, body: { code: 'request_timeout' } });
  });

  it('answers headers that stop arriving with 408 and closes', async () => {
    const out = await exchange(ctx.port, 'GET /healthz HTTP/1.1\r\nHost: loc', { deadlineMs: 8000 });
    expect(out.closedAfterMs, 'connection still open').toBeDefined();
    expect(out.closedAfterMs).toBeLessThan(5000);
    expect(parse(out.answer)).toMatchObject({ status: 408, body: { code: 'request_timeout' } });
  });

  it('does not cut a request that arrived in full while its answer is prepared', async () => {
    const owner = (await ctx.server.account('enterprise')) as {
      key: string;
      keyId: string;
      account: { id: string };
    };
    // A queued job no runner picks up (created without enqueueing): a 3 s long poll, past both timeouts.
    const job = await ctx.server.platform.storage.analysis.create({
      id: `job_longpoll${Date.now()}`,
      account_id: owner.account.id,
      key_id: owner.keyId,
      ticker: 'JNJ',
      tier: 'Light',
    });
    const out = await exchange(
      ctx.port,
      `GET /api/v1/analysis/${job.id}?wait=3 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${owner.key}\r\nConnection: close\r\n\r\n`,
      { deadlineMs: 10_000 },
    );
    const res = parse(out.answer);
    expect(res.status, out.answer).toBe(200);
    expect(res.body).toMatchObject({ job_id: job.id, status: 'queued' });
    expect(out.closedAfterMs).toBeGreaterThanOrEqual(3000);
  });
});

describe('connections per client address', () => {
  const CAP = 5;
  let ctx: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    ctx = await start({ maxConnectionsPerAddress: CAP });
  });
  afterAll(async () => {
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('closes connections beyond the cap at once, while another address still gets /healthz', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => open(ctx.port)));
    try {
      const beyond = await exchange(ctx.port, '', { deadlineMs: 2000 });
      expect(beyond.closedAfterMs, 'the connection beyond the cap was kept').toBeDefined();
      expect(beyond.answer).toBe('');
      const other = await exchange(
        ctx.port,
        'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
        { deadlineMs: 5000, localAddress: '127.0.0.2' },
      );
      expect(other.answer.startsWith('HTTP/1.1 200')).toBe(true);
    } finally {
      for (const s of held) s.destroy();
    }
    // Once the held connections are closed, the address may connect again.
    await new Promise((r) => setTimeout(r, 100));
    const again = await exchange(
      ctx.port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      { deadlineMs: 5000 },
    );
    expect(again.answer.startsWith('HTTP/1.1 200')).toBe(true);
  });
});

describe('connections from a trusted proxy', () => {
  let ctx: Awaited<ReturnType<typeof start>>;

  beforeAll(async () => {
    ctx = await start({ maxConnectionsPerAddress: 2, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await ctx?.server.close();
    await ctx?.deployment.destroy();
  });

  it('are not capped: the proxy carries many clients', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => open(ctx.port)));
    try {
      const more = await exchange(
        ctx.port,
        'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
        { deadlineMs: 5000 },
      );
      expect(more.answer.startsWith('HTTP/1.1 200')).toBe(true);
    } finally {
      for (const s of held) s.destroy();
    }
  });
});
