/**
 * Closing the server ends connections that have not sent a whole request, and lets a request in flight
 * finish. Node's own close waits for them forever: it ends only connections idle between requests and
 * stops enforcing `headersTimeout` once it is closing, so a browser's preconnect or half-sent headers at
 * shutdown held `app.close()` (and `bellwether serve`'s stop) indefinitely (issue #27, seen as the
 * dashboard suite's afterAll timing out).
 */

import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_CONFIG } from '../../src/config/config.js';
import { Deployment, type Instance } from '../support/harness.js';

function open(port: number, send?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (send !== undefined) socket.write(send);
      // Flowing, so the server's FIN is read and the socket closes (a paused one never sees it).
      socket.resume();
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

const ended = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

/** Whether `p` settles before `ms`; the check that close does not wait on a client that sends nothing. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), ms))]);

describe('closing the server', () => {
  let deployment: Deployment | undefined;
  let server: Instance | undefined;
  afterEach(async () => {
    await deployment?.destroy();
    deployment = undefined;
    server = undefined;
  });

  async function listening(): Promise<number> {
    deployment = await Deployment.create('embedded');
    server = await deployment.start();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    return (server.app.server.address() as AddressInfo).port;
  }

  it('ends connections that sent nothing or half a request, instead of waiting for them', async () => {
    const port = await listening();
    const silent = await open(port);
    const half = await open(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Both are accepted and held by the server before close begins.
    await new Promise((r) => setTimeout(r, 100));
    expect(silent.destroyed || half.destroyed).toBe(false);
    const closed = (server as Instance).close();
    // Node's headersTimeout would not end them once closing; without the fix this waits forever.
    expect(await within(closed, 10_000)).toBe(true);
    await Promise.all([ended(silent), ended(half)]);
  });

  it('lets a request in flight finish with its whole answer', async () => {
    const port = await listening();
    const { key } = await (server as Instance).account('enterprise');
    const body = JSON.stringify({ ticker: 'NOPE', tier: 'Light' });
    const socket = await open(port);
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    const done = ended(socket);
    // Headers and half the body: the request is in flight when close begins.
    socket.write(
      `POST /api/v1/analysis HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const closed = (server as Instance).close();
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.destroyed).toBe(false);
    socket.write(body.slice(10));
    expect(await within(closed, 10_000)).toBe(true);
    await done;
    // The whole answer: the unknown ticker's problem, not a cut connection.
    const status = Number(answer.slice(9, 12));
    const problem = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
      code: string;
      detail: string;
    };
    expect([status, problem.code], problem.detail).toEqual([422, 'unknown_ticker']);
  });

  it('ends a request in flight that stalls, once the request timeout has passed', async () => {
    deployment = await Deployment.create('embedded', {
      http: { ...DEFAULT_HTTP_CONFIG, headersTimeoutMs: 1000, requestTimeoutMs: 2000 },
    });
    server = await deployment.start();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (server.app.server.address() as AddressInfo).port;
    const stalled = await open(
      port,
      'POST /api/v1/analysis HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ti',
    );
    await new Promise((r) => setTimeout(r, 200));
    const closed = server.close();
    expect(await within(closed, 10_000)).toBe(true);
    await ended(stalled);
  });
});
