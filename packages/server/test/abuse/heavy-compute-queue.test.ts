/**
 * Replay of issue #23's low item "heavy portfolio requests queue without bound and are computed after
 * the client left" (ADR 0061): the analytics worker threads' queue is bounded (a request arriving when
 * it is full is shed with 503 and Retry-After, logged as a warning, not an error), and a waiting
 * computation is dropped when its client disconnects.
 */
import net from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const OPTIMISERS = 'min_variance,max_sharpe,min_cvar,equal_risk,hrp,inverse_volatility,equal_weight';

/** The heaviest legal portfolio: 20 holdings, every optimiser, a 100-point frontier (~0.5–1.3 s of CPU). */
async function heavyPortfolioUrl(server: Instance): Promise<string> {
  await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 21, years: 5 });
  const tickers = (await server.platform.market.listInstruments())
    .filter((i) => i.asset_class !== 'index')
    .map((i) => i.ticker)
    .slice(0, 20);
  expect(tickers).toHaveLength(20);
  return `/api/v1/analytics/portfolio?holdings=${tickers.map((t) => `${t}:0.05`).join(',')}&optimize=${OPTIMISERS}&frontier=100&limit=10000`;
}

const logLines = (server: Instance) =>
  server.logs.lines.map(
    (l) => JSON.parse(l) as { level: number; msg?: string; reason?: string; err?: unknown },
  );

describe.each(MODES)('the compute queue is bounded (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let url: string;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW, compute: { queueLimit: 1 } });
    server = await deployment.start();
    url = await heavyPortfolioUrl(server);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    expect((await server.get(url, key)).statusCode).toBe(200); // warm: series cached, thread started
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('sheds the requests beyond it with 503 and Retry-After, logged as a warning without a stack', async () => {
    // More at once than the threads can run plus the one place in the queue, each from its own key (a
    // key may have only a few optimisations in progress; that bound is tested in heavy-answers).
    const keys = await Promise.all(
      Array.from(
        { length: availableParallelism() + 4 },
        async () => (await server.account('enterprise')).key as string,
      ),
    );
    const answers = await Promise.all(keys.map((k) => server.get(url, k)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const shed of answers.filter((a) => a.statusCode === 503)) {
      expect(shed.json().code).toBe('service_unavailable');
      expect(shed.json().detail).toMatch(/busy/);
      expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
    }
    const lines = logLines(server);
    const shedLines = lines.filter((l) => l.msg === 'request shed');
    expect(shedLines.length).toBe(statuses.filter((s) => s === 503).length);
    for (const l of shedLines) {
      expect(l.level).toBe(40);
      expect(l.reason).toBe('compute_queue_full');
      expect(l.err).toBeUndefined();
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 120_000);
});

describe('a waiting computation whose client left (mode-independent: the HTTP process alone)', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let url: string;
  let port: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    url = await heavyPortfolioUrl(server);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    expect((await server.get(url, key)).statusCode).toBe(200);
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  const until = async (what: string, ok: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  it('is dropped from the queue when the connection closes, and never computed', async () => {
    const compute = server.app.compute;
    // Busy threads and a queue: the disconnecting request waits behind these (each from its own key: a
    // key may have only a few optimisations in progress).
    const keys = await Promise.all(
      Array.from(
        { length: availableParallelism() + 2 },
        async () => (await server.account('enterprise')).key as string,
      ),
    );
    const ahead = keys.map((k) => server.get(url, k));
    // Every request ahead on a thread or queued: otherwise a late one counts as ours below.
    await until('computations waiting', () => compute.waiting + compute.running >= keys.length, 30_000);
    const waitingBefore = compute.waiting;

    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nAccept: application/json\r\n\r\n`,
    );
    await until('the request to queue', () => compute.waiting > waitingBefore, 30_000);
    const queued = compute.waiting;
    socket.destroy();

    await until(
      'the shed log line',
      () => logLines(server).some((l) => l.msg === 'request shed' && l.reason === 'client_left'),
      10_000,
    );
    // Dropped at once: one fewer waiting than before, while the requests ahead still wait or run.
    expect(compute.waiting).toBeLessThan(queued);
    const line = logLines(server).find((l) => l.reason === 'client_left');
    expect(line?.level).toBe(30);
    expect((await Promise.all(ahead)).map((a) => a.statusCode)).toEqual(ahead.map(() => 200));
  }, 120_000);
});
