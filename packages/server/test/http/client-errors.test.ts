/**
 * What Node's HTTP parser refuses before a route runs is still a problem+json answer: headers over
 * 16 KiB (a very long URL counts) and bytes that are not HTTP. Fastify's default wrote a bare
 * `{"error":…,"statusCode":431}` as application/json.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type Instance } from '../support/harness.js';

/** Sends raw bytes and returns everything the server writes before it closes the connection. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNRESET' ? resolve(answer) : reject(err),
    );
    socket.write(bytes);
  });
}

function parse(answer: string): {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
} {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('errors before routing', () => {
  let deployment: Deployment;
  let server: Instance;
  let port: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded');
    server = await deployment.start();
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  });
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('answers headers over 16 KiB with a 431 problem', async () => {
    const url = `/api/v1/cards?ticker=${'A'.repeat(17_000)}`;
    const res = parse(await exchange(port, `GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers.connection).toBe('close');
    expect(res.body).toMatchObject({
      type: '/docs/errors/headers_too_large',
      status: 431,
      code: 'headers_too_large',
      title: 'Request headers too large',
    });
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
  });

  it('answers bytes that are not HTTP with a 400 problem', async () => {
    const res = parse(await exchange(port, 'NOT HTTP AT ALL\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toMatchObject({ type: '/docs/errors/malformed_request', code: 'malformed_request' });
  });

  it('still serves well-formed requests on a fresh connection', async () => {
    const answer = await exchange(
      port,
      'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
  });
});
