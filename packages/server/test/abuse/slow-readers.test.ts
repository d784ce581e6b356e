/**
 * Replays of issue #42's findings on answers that wait on their reader (ADR 0082):
 * - slow readers held the large-answer slots: 8 keys × 2 NDJSON streams reading 2 KB every 10 s made
 *   every other account's large answer a 503 for the whole minute. Now an account holds at most
 *   ANSWERS_PER_ACCOUNT of the process's slots, and a large answer whose reader takes less than the read
 *   floor over a window is closed and its slot given back;
 * - unread answers were cut after ~60.5 s, not the documented 30 s: Node's idle timer forgave a timeout
 *   whenever the write queue had moved. Now the cut comes the send timeout after the peer last took a byte.
 * Mode-independent: slots and sends are counted in the HTTP process; real sockets, since `inject` has none.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_CONFIG } from '../../src/config/config.js';
import { appendFeed, type FeedEntry, type KyselyStorage } from '../../src/db/index.js';
import { ANSWERS_PER_ACCOUNT, ANSWERS_PER_KEY } from '../../src/http/answer-slots.js';
import { Deployment, type Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const FEED = '/api/v1/hedge-fund?dataset=signals&format=ndjson';

/** 20,000 feed rows: a whole-feed stream is ~10 MB, more than the socket buffers take unread. */
async function feedRows(server: Instance): Promise<void> {
  const entries: FeedEntry[] = Array.from({ length: 20_000 }, (_, i) => ({
    dataset: 'signals',
    record_key: `k${i}`,
    session: '2026-11-24',
    ticker: `T${i % 500}`,
    payload: { session: '2026-11-24', ticker: `T${i % 500}`, padding: 'x'.repeat(400) },
  }));
  await (server.platform.storage as KyselyStorage).db
    .transaction()
    .execute((trx) => appendFeed(trx, 'sqlite', entries, '2026-11-24T13:30:00Z'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const logLines = (server: Instance) =>
  server.logs.lines.map((l) => JSON.parse(l) as { msg?: string; bytes_per_second?: number });

/** A raw connection that has sent `path` and received the answer's first bytes, then reads nothing. */
async function begun(port: number, key: string, path: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const first = new Promise((r) => socket.once('data', r));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`);
  await first;
  socket.pause();
  return socket;
}

/** Waits until `ok` holds, polling every 20 ms; false after `ms`. */
async function until(ok: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

const cutLines = (server: Instance, msg: string) => logLines(server).filter((l) => l.msg === msg);
const SLOW = 'large answer read too slowly: connection closed';
const UNREAD = 'answer not read in time: connection closed';

describe('large-answer slots: a share per account', () => {
  let deployment: Deployment;
  let server: Instance;
  let port: number;

  beforeAll(async () => {
    // No read floor here: these readers are slow on purpose and must keep their slots.
    deployment = await Deployment.create('embedded', {
      asOf: NOW,
      http: { ...DEFAULT_HTTP_CONFIG, minReadBytesPerSecond: 0 },
    });
    server = await deployment.start();
    await feedRows(server);
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it("refuses an account's keys past its share, while another account's large answer is served", async () => {
    const owner = await server.account('enterprise', { burst: 1000 });
    const keys = [owner.key as string];
    for (let i = 0; i < 3; i++) {
      const k = await server.platform.keys.create(owner.account.id, `k${i}`);
      if (!k.ok) throw new Error(k.reason);
      keys.push(k.key);
    }
    const held: net.Socket[] = [];
    for (let i = 0; i < ANSWERS_PER_ACCOUNT; i++)
      held.push(await begun(port, keys[Math.floor(i / ANSWERS_PER_KEY)] as string, FEED));
    // A key of the same account with none of its own in progress: refused for the account's share.
    const fresh = keys[Math.ceil(ANSWERS_PER_ACCOUNT / ANSWERS_PER_KEY)] as string;
    const refused = await server.get(FEED, fresh);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toContain(`(at most ${ANSWERS_PER_ACCOUNT} an account)`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account: served in full.
    const other = (await server.account('enterprise', { burst: 1000 })).key as string;
    const served = await server.get('/api/v1/hedge-fund?dataset=signals&limit=5000', other);
    expect(served.statusCode).toBe(200);
    for (const s of held) s.destroy();
  }, 60_000);
});

describe('a large answer read too slowly', () => {
  const WINDOW_SECONDS = 3;
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let port: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', {
      asOf: NOW,
      http: { ...DEFAULT_HTTP_CONFIG, minReadBytesPerSecond: 16_384, readWindowMs: WINDOW_SECONDS * 1000 },
    });
    server = await deployment.start();
    await feedRows(server);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('is closed after a window below the floor, and its slot serves the next answer', async () => {
    const slow = await Promise.all(Array.from({ length: ANSWERS_PER_KEY }, () => begun(port, key, FEED)));
    expect((await server.get(FEED, key)).statusCode).toBe(503);
    const t0 = Date.now();
    // 2 KB every 250 ms: ~8 KB/s, half the floor.
    let reading = true;
    const readers = slow.map(async (s) => {
      while (reading && !s.destroyed) {
        s.read(2048);
        await sleep(250);
      }
    });
    await until(() => cutLines(server, SLOW).length >= ANSWERS_PER_KEY, 20_000);
    const elapsed = Date.now() - t0;
    reading = false;
    await Promise.all(readers);
    const cut = cutLines(server, SLOW);
    expect(cut).toHaveLength(ANSWERS_PER_KEY);
    for (const l of cut) expect(l.bytes_per_second).toBeLessThan(16_384);
    // The kernel's buffers fill in the first window; the next one is below the floor.
    expect(elapsed).toBeLessThan(WINDOW_SECONDS * 1000 * 6);
    // The slots are free again.
    let status = 503;
    const deadline = Date.now() + 5000;
    while (status === 503 && Date.now() < deadline) {
      status = (await server.get('/api/v1/hedge-fund?dataset=signals&limit=5000', key)).statusCode;
      if (status === 503) await sleep(50);
    }
    expect(status).toBe(200);
    for (const s of slow) s.destroy();
  }, 60_000);

  it('is not cut while its reader keeps up, however long it takes', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      // ~1 MB/s: well above the floor, and the ~9 MB answer takes several windows.
      socket.pause();
      setTimeout(() => socket.resume(), Math.ceil(chunk.length / 1000));
    });
    const ended = new Promise((r) => socket.once('end', r));
    socket.write(
      `GET ${FEED} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
    );
    await ended;
    expect(bytes).toBeGreaterThan(8_000_000);
    expect(cutLines(server, SLOW)).toHaveLength(ANSWERS_PER_KEY);
  }, 120_000);
});

describe('an answer whose reader stops', () => {
  const SEND_TIMEOUT_SECONDS = 4;
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let port: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', {
      asOf: NOW,
      sendTimeoutSeconds: SEND_TIMEOUT_SECONDS,
      http: { ...DEFAULT_HTTP_CONFIG, minReadBytesPerSecond: 0 },
    });
    server = await deployment.start();
    await feedRows(server);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('is cut the send timeout after its reader last took a byte, not up to twice that', async () => {
    const socket = await begun(port, key, FEED);
    // The reader takes 4 MB half-way through the first timeout, then nothing.
    await sleep((SEND_TIMEOUT_SECONDS * 1000) / 2);
    let taken = 0;
    while (taken < 4_000_000) {
      const chunk = socket.read() as Buffer | null;
      if (chunk === null) await sleep(1);
      else taken += chunk.length;
    }
    const lastRead = Date.now();
    await until(() => cutLines(server, UNREAD).length > 0, SEND_TIMEOUT_SECONDS * 3000);
    const after = Date.now() - lastRead;
    expect(cutLines(server, UNREAD)).toHaveLength(1);
    expect(after).toBeGreaterThanOrEqual(SEND_TIMEOUT_SECONDS * 1000 - 100);
    expect(after).toBeLessThan(SEND_TIMEOUT_SECONDS * 1000 + 1500);
    socket.destroy();
  }, 60_000);
});
