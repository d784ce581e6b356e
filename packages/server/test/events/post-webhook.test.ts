import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/events/webhooks/post-webhook.js';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Receiver {
  url: string;
  port: number;
  hits: Hit[];
}

const servers: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** A webhook receiver on 127.0.0.1 that records each request, then answers through `answer`. */
async function receiver(answer: (res: ServerResponse, hit: Hit) => void): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      answer(res, hit);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/in`, port, hits };
}

/** Stands in for DNS: every name resolves to `addresses`, and each question is counted. */
function fakeDns(...addresses: string[]): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const found: LookupAddress[] = addresses.map((address) => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }));
  const lookup: LookupFunction = (hostname, _options, callback) => {
    calls.push(hostname);
    queueMicrotask(() => callback(null, found));
  };
  return Object.assign(lookup, { calls });
}

const SIGNED = {
  'webhook-id': 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  'webhook-timestamp': '1714000000',
  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
};
const BODY = JSON.stringify({ type: 'signal.created', data: { ticker: 'AAPL', score: 0.73 } });
const post = (url: string, extra: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
  postWebhook({ url, headers: SIGNED, body: BODY, allowPrivate: true, ...extra });

describe('postWebhook answers', () => {
  it.each([200, 204])('is a success on %i, and the receiver saw the exact body and headers', async (code) => {
    const r = await receiver((res) => res.writeHead(code).end());
    const result = await post(r.url);
    expect(result).toMatchObject({ outcome: 'success', status: code });
    expect(r.hits).toHaveLength(1);
    expect(r.hits[0]?.body).toBe(BODY);
    expect(r.hits[0]?.headers).toMatchObject({
      ...SIGNED,
      'content-type': 'application/json',
      'user-agent': 'Bellwether-Webhooks/1',
      'content-length': String(Buffer.byteLength(BODY)),
    });
  });

  it('sends the caller’s user-agent instead of the default, whatever its case', async () => {
    const r = await receiver((res) => res.end());
    await post(r.url, { headers: { ...SIGNED, 'User-Agent': 'Custom/2' } });
    expect(r.hits[0]?.headers['user-agent']).toBe('Custom/2');
  });

  it('is a failure on 500 with the answer as excerpt, and never echoes the signature', async () => {
    const r = await receiver((res) => res.writeHead(500).end('database is down — réessayez'));
    const result = await post(`${r.url}?token=s3cret`);
    expect(result).toMatchObject({
      outcome: 'failure',
      status: 500,
      responseExcerpt: 'database is down — réessayez',
    });
    expect(JSON.stringify(result)).not.toContain(SIGNED['webhook-signature']);
  });

  it('is gone on 410', async () => {
    const r = await receiver((res) => res.writeHead(410).end());
    expect(await post(r.url)).toMatchObject({ outcome: 'gone', status: 410 });
  });

  it('reads Retry-After: 7 on a 429 as 7000 ms', async () => {
    const r = await receiver((res) => res.writeHead(429, { 'retry-after': '7' }).end());
    expect(await post(r.url)).toMatchObject({ outcome: 'failure', status: 429, retryAfterMs: 7000 });
  });

  it('reads Retry-After as an HTTP-date on a 503', async () => {
    const at = new Date(Date.now() + 60_000).toUTCString();
    const r = await receiver((res) => res.writeHead(503, { 'retry-after': at }).end());
    const result = await post(r.url);
    expect(result).toMatchObject({ outcome: 'failure', status: 503 });
    // toUTCString drops the milliseconds, and the round trip takes a little.
    expect(result.retryAfterMs).toBeGreaterThan(55_000);
    expect(result.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it.each([
    ['soon', undefined],
    ['-5', undefined],
    ['1e3', undefined],
    ['999999999', 24 * 60 * 60 * 1000],
  ])('reads Retry-After: %s as %s (garbage ignored, capped at 24 h)', async (value, expected) => {
    const r = await receiver((res) => res.writeHead(429, { 'retry-after': value }).end());
    expect((await post(r.url)).retryAfterMs).toBe(expected);
  });

  it('does not follow a 302, and names the Location without its query string', async () => {
    const target = await receiver((res) => res.end());
    const r = await receiver((res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${target.port}/moved?token=s3cret` }).end(),
    );
    const result = await post(r.url);
    expect(result).toMatchObject({ outcome: 'failure', status: 302 });
    expect(result.error).toContain(`http://127.0.0.1:${target.port}/moved`);
    expect(result.error).not.toContain('s3cret');
    expect(target.hits).toHaveLength(0);
  });
});

describe('postWebhook time and size bounds', () => {
  it('gives up on a receiver that never answers', async () => {
    const r = await receiver(() => {});
    const result = await post(r.url, { timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'failure', error: 'timeout after 0.3 s' });
    expect(result.status).toBeUndefined();
    expect(r.hits).toHaveLength(1);
  });

  it('waits for a receiver that answers within the timeout', async () => {
    const r = await receiver((res) => setTimeout(() => res.writeHead(202).end('queued'), 100));
    expect(await post(r.url, { timeoutMs: 5000 })).toMatchObject({
      outcome: 'success',
      status: 202,
      responseExcerpt: 'queued',
    });
  });

  it('reads at most 4 KiB of a 10 MB answer and hangs up before the receiver has sent it all', async () => {
    const total = 10 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let closed!: Promise<void>;
    const r = await receiver((res) => {
      closed = new Promise((done) => res.once('close', done));
      res.writeHead(200, { 'content-length': String(total) });
      // One chunk per turn of the event loop, which the client shares: it can hang up in between.
      const pump = () => {
        if (res.destroyed || written >= total) return void res.end();
        written += chunk.length;
        res.write(chunk);
        setImmediate(pump);
      };
      pump();
    });
    const result = await post(r.url);
    expect(result).toMatchObject({ outcome: 'success', status: 200 });
    expect(Buffer.byteLength(result.responseExcerpt ?? '')).toBe(4096);
    await closed;
    expect(written).toBeLessThan(total);
  });

  it('keeps a multi-byte character cut by the 4 KiB limit out of the excerpt', async () => {
    const r = await receiver((res) => res.writeHead(500).end(`${'a'.repeat(4095)}é and more`));
    const result = await post(r.url);
    expect(result.responseExcerpt).toBe('a'.repeat(4095));
  });

  it('is a failure when nothing listens on the port', async () => {
    const r = await receiver(() => {});
    const closed = servers.pop()!;
    await new Promise((done) => closed.close(done));
    expect(await post(r.url)).toMatchObject({
      outcome: 'failure',
      error: 'connection refused (ECONNREFUSED)',
    });
  });

  it('is a TLS failure when an https URL meets a plain-HTTP receiver', async () => {
    const r = await receiver((res) => res.end());
    const result = await post(r.url.replace('http:', 'https:'));
    expect(result.outcome).toBe('failure');
    expect(result.error).toBe('TLS error (EPROTO: wrong version number)');
  });

  it('refuses to send a header value Node cannot put on the wire, without echoing it', async () => {
    const r = await receiver((res) => res.end());
    const headers = { ...SIGNED, 'webhook-signature': 'v1,abc\r\nx-injected: 1' };
    const result = await post(r.url, { headers });
    expect(result).toMatchObject({ outcome: 'failure', error: 'a request header is not valid HTTP' });
    expect(r.hits).toHaveLength(0);
  });

  it('stops when the caller aborts', async () => {
    const r = await receiver(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await post(r.url, { signal: controller.signal })).toMatchObject({
      outcome: 'failure',
      error: 'aborted',
    });
  });
});

describe('postWebhook refuses forbidden destinations unless private is allowed', () => {
  it('refuses loopback literals, including odd spellings, and the receiver gets nothing', async () => {
    const r = await receiver((res) => res.end());
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]']) {
      const result = await post(`http://${host}:${r.port}/hooks/in`, { allowPrivate: false });
      expect(result).toMatchObject({ outcome: 'refused' });
      expect(result.error).toMatch(/is a loopback address$/);
    }
    expect(r.hits).toHaveLength(0);
  });

  it.each([
    ['http://[::1]/', 'the destination [::1] is a loopback address'],
    ['http://10.1.2.3/', 'the destination 10.1.2.3 is a private address'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'the destination 169.254.169.254 is a cloud metadata address',
    ],
    ['http://localhost/', 'the destination localhost is a local or internal host name'],
  ])('refuses %s without asking DNS', async (url, error) => {
    const dns = fakeDns('93.184.216.34');
    expect(await post(url, { allowPrivate: false, lookup: dns })).toMatchObject({
      outcome: 'refused',
      error,
    });
    expect(dns.calls).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address at connect time', async () => {
    const dns = fakeDns('10.0.0.7');
    const result = await post('https://hooks.example.com/in', { allowPrivate: false, lookup: dns });
    expect(result).toMatchObject({
      outcome: 'refused',
      error: 'hooks.example.com resolves to 10.0.0.7, a private address',
    });
    expect(dns.calls).toEqual(['hooks.example.com']);
  });

  it('refuses a name when any one of its addresses is forbidden', async () => {
    const dns = fakeDns('93.184.216.34', '192.168.0.10');
    expect(await post('http://hooks.example.com/in', { allowPrivate: false, lookup: dns })).toMatchObject({
      outcome: 'refused',
      error: 'hooks.example.com resolves to 192.168.0.10, a private address',
    });
  });

  it('refuses a name rebound to the loopback receiver, and delivers to it when private is allowed', async () => {
    const r = await receiver((res) => res.end());
    const url = `http://hooks.example.test:${r.port}/in`;
    expect(await post(url, { allowPrivate: false, lookup: fakeDns('127.0.0.1') })).toMatchObject({
      outcome: 'refused',
      error: 'hooks.example.test resolves to 127.0.0.1, a loopback address',
    });
    expect(r.hits).toHaveLength(0);
    expect(await post(url, { allowPrivate: true, lookup: fakeDns('127.0.0.1') })).toMatchObject({
      outcome: 'success',
      status: 200,
    });
    expect(r.hits).toHaveLength(1);
    expect(r.hits[0]?.headers.host).toBe(`hooks.example.test:${r.port}`);
  });
});
