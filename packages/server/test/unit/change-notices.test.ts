/**
 * The embedded server's change-notice socket (ADR 0058) over a real Unix socket: a notice is applied
 * before it is acknowledged, a missing or dead server is told apart from a silent one, junk on the
 * socket is dropped without stopping it, and the coherence that serves notices stops reading SQLite's
 * change counter per request but still sees writers that bypass the key service.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listenForChangeNotices, notifyChange } from '../../src/platform/keys/change-notices.js';
import { EmbeddedCoherence } from '../../src/platform/keys/embedded-coherence.js';

const dir = mkdtempSync(join(tmpdir(), 'bw-notice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const socketPath = () => join(dir, `s${n++}.sock`);

describe('change notices', () => {
  it('applies a notice before acknowledging it', async () => {
    const path = socketPath();
    const seen: string[][] = [];
    const server = await listenForChangeNotices(path, (ids) => seen.push([...ids]));
    expect(server).toBeDefined();
    expect(await notifyChange(path, ['AAAAAAAAAAAA', 'BBBBBBBBBBBB'])).toBe('acknowledged');
    expect(seen).toEqual([['AAAAAAAAAAAA', 'BBBBBBBBBBBB']]);
    await server?.close();
    expect(await notifyChange(path, ['AAAAAAAAAAAA'])).toBe('no_server');
  });

  it('tells no server (no socket, or one left by a crashed server) from a server that does not answer', async () => {
    expect(await notifyChange(socketPath(), ['x'])).toBe('no_server');
    const stale = socketPath();
    const crashed = createServer();
    await new Promise<void>((r) => crashed.listen(stale, r));
    // A listener gone without removing its socket file, as after kill -9.
    await new Promise<void>((r) => crashed.close(() => r()));
    writeFileSync(stale, '');
    expect(await notifyChange(stale, ['x'])).toBe('no_server');
    const silentPath = socketPath();
    const silent = createServer((s) => s.resume()); // reads, never answers
    await new Promise<void>((r) => silent.listen(silentPath, r));
    expect(await notifyChange(silentPath, ['x'], 200)).toBe('unanswered');
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('replaces a socket file left behind, drops junk, and keeps serving', async () => {
    const path = socketPath();
    writeFileSync(path, 'left behind');
    const seen: string[][] = [];
    const server = await listenForChangeNotices(path, (ids) => seen.push([...ids]));
    expect(server).toBeDefined();
    for (const junk of ['not json\n', '{"invalidate":[1,2]}\n', '{"other":true}\n']) {
      const closed = await new Promise<string>((resolve) => {
        let got = '';
        const c = createConnection(path, () => c.write(junk));
        c.setEncoding('utf8');
        c.on('data', (d: string) => {
          got += d;
        });
        c.on('close', () => resolve(got));
      });
      expect(closed).toBe('');
    }
    expect(seen).toEqual([]);
    expect(await notifyChange(path, ['CCCCCCCCCCCC'])).toBe('acknowledged');
    expect(seen).toEqual([['CCCCCCCCCCCC']]);
    await server?.close();
  });

  it('declines a path too long for a Unix socket', async () => {
    const long = join(dir, `${'d'.repeat(120)}.sock`);
    expect(await listenForChangeNotices(long, () => {})).toBeUndefined();
    expect(await notifyChange(long, ['x'])).toBe('no_server');
  });
});

describe('EmbeddedCoherence', () => {
  it('reads the change counter per call until it serves notices, then only on its backstop', async () => {
    let token = 1;
    let reads = 0;
    const counter = () => {
      reads++;
      return token;
    };
    const path = socketPath();
    const server = new EmbeddedCoherence(counter, { socketPath: path, backstopMs: 50 });
    const a = server.stampSync();
    token = 2;
    expect(server.stampSync()).not.toBe(a);
    expect(reads).toBe(2);

    expect(await server.serveNotices()).toBe(true);
    const b = server.stampSync();
    const readsBefore = reads;
    for (let i = 0; i < 1000; i++) expect(server.stampSync()).toBe(b);
    expect(reads).toBe(readsBefore);

    // Another process's key service tells the server and returns once the server has moved on.
    const cli = new EmbeddedCoherence(() => 0, { socketPath: path });
    await cli.invalidate(['AAAAAAAAAAAA']);
    const c = server.stampSync();
    expect(c).not.toBe(b);

    // A writer that bypasses the key service is seen within the backstop interval.
    token = 3;
    await new Promise((r) => setTimeout(r, 150));
    expect(server.stampSync()).not.toBe(c);
    await server.close();
    await cli.close();
  });

  it('keeps reading per call when the socket cannot be bound', async () => {
    let reads = 0;
    const coherence = new EmbeddedCoherence(
      () => {
        reads++;
        return 1;
      },
      { socketPath: join(dir, `${'d'.repeat(120)}.sock`) },
    );
    expect(await coherence.serveNotices()).toBe(false);
    coherence.stampSync();
    coherence.stampSync();
    expect(reads).toBe(2);
    await coherence.close();
  });
});
