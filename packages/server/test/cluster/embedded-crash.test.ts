/**
 * The embedded server killed with SIGKILL while it writes, 50 times on the same data directory: the
 * database opens every time (the stale instance lock is recovered), and every write the server had
 * acknowledged — analysis jobs answered 202 — is there after the restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ServeProcess } from '../support/serve-process.js';

const ROUNDS = 50;

describe('embedded server under kill -9 during writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bw-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps every acknowledged write across ${ROUNDS} kills`, async () => {
    const env = {
      BELLWETHER_DATA_DIR: dir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      BELLWETHER_AS_OF: '2026-11-25T17:00:00Z',
      // Jobs pile up across the kills; a queue large enough that the account's share (a fifth) never
      // refuses a write keeps this about durability, not about the queue bound.
      BELLWETHER_ANALYSIS_QUEUE_LIMIT: '10000',
    };
    let server = await ServeProcess.start(env);
    const key = server.startup.demo_api_key as string;
    expect(key).toMatch(/^bw_/);
    const tickers = ['BRRN', 'BRST', 'DND', 'PLRV', 'PLST', 'SKVX'];
    // The demo key's burst limit (10/s) paces the writer: 429s are not acknowledged writes.
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = server.address;
      let stop = false;
      let firstAck: () => void = () => {};
      const acked = new Promise<void>((r) => {
        firstAck = r;
      });
      // Writes keep coming until the kill; each 202 is an acknowledged write.
      const writer = (async () => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await fetch(`${base}/api/v1/analysis`, {
              method: 'POST',
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
              body: JSON.stringify({ ticker: tickers[(round + i) % tickers.length], tier: 'Light' }),
            });
            if (res.status === 202) {
              acknowledged.push(((await res.json()) as { job_id: string }).job_id);
              firstAck();
            }
          } catch {
            return; // the connection died with the server: that write was never acknowledged
          }
        }
      })();
      // The kill lands while writes are flowing: after the round's first acknowledged write (a freshly
      // started server on a busy machine may take a while to answer its first), then 40–200 ms more.
      await Promise.race([acked, new Promise((r) => setTimeout(r, 15_000))]);
      await new Promise((r) => setTimeout(r, 40 + ((round * 37) % 160)));
      await server.kill();
      stop = true;
      await writer;
      server = await ServeProcess.start(env);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS);
    // Read back through the list endpoint (a few paced pages, well inside the key's burst limit).
    const stored = new Set<string>();
    let cursor: string | null = null;
    do {
      const url = `${server.address}/api/v1/analysis?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const page = (await res.json()) as { data: { job_id: string }[]; next_cursor: string | null };
      for (const j of page.data) stored.add(j.job_id);
      cursor = page.next_cursor;
      await new Promise((r) => setTimeout(r, 150));
    } while (cursor !== null);
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    await server.stop();
  }, 600_000);
});
