/**
 * Replays of issue #23's heavy-answer findings (ADR 0061):
 * - item 3: 100 tickers × 20 indicators × limit=10000 built a 384 MB body on the event loop (4.1 s
 *   blocked); now the work per request is capped (422 before computing) and computed on worker threads;
 * - item 4: unread large answers stayed in memory with no send timeout (46 unread 10 MB answers: RSS
 *   241 → 1,287 MB; one still open at 150 s); now answers stream as they are read and a connection that
 *   accepts no bytes for the send timeout is closed.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFeed, type FeedEntry, type KyselyStorage } from '../../src/db/index.js';
import { ANSWERS_PER_KEY } from '../../src/http/answer-slots.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { MAX_ANSWER_VALUES } from '../../src/problems/answer-cap.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
/** 20 indicators with 39 output columns (supertrend, ichimoku and heikinashi have four each). */
const INDICATORS =
  'supertrend,ichimoku,heikinashi,accbands,macd,macdext,macdfix,bbands,rsi,sma,ema,atr,adx,obv,mfi,cci,willr,roc,mom,wma';
const COLUMNS = 39;
/** Bars per ticker that keep 20 tickers × 39 columns under the cap: 936,000 values, ~19 MB. */
const LEGAL_LIMIT = 1200;

/** A market of 20 tickers with six years of bars: 20 × 39 × 1,512 ≈ 1.18 M values, over the cap. */
async function heavyMarket(server: Instance, newsSessions?: number): Promise<string[]> {
  await seedDemoMarketIfEmpty(server.platform.market, NOW, {
    tickers: 21,
    years: 6,
    ...(newsSessions === undefined ? {} : { newsSessions }),
  });
  const tickers = (await server.platform.market.listInstruments())
    .filter((i) => i.asset_class !== 'index')
    .map((i) => i.ticker)
    .slice(0, 20);
  expect(tickers).toHaveLength(20);
  return tickers;
}

const technical = (tickers: readonly string[], limit: number) =>
  `/api/v1/analytics/technical?tickers=${tickers.join(',')}&indicators=${INDICATORS}&limit=${limit}`;

describe.each(MODES)('heavy technical requests (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let tickers: string[];

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    tickers = await heavyMarket(server);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it('refuses a request over the cap with a 422 that names the cap, its count and how to paginate', async () => {
    // The request's real count: its windows' bars (one single-column indicator says how many) × 39.
    const counted = await server.get(
      `/api/v1/analytics/technical?tickers=${tickers.join(',')}&indicators=sma&limit=10000`,
      key,
    );
    expect(counted.statusCode).toBe(200);
    const bars = (counted.json().results as { count: number }[]).reduce((n, r) => n + r.count, 0);
    const points = bars * COLUMNS;
    expect(points).toBeGreaterThan(MAX_ANSWER_VALUES);

    const res = await server.get(technical(tickers, 10_000), key);
    expect(res.statusCode).toBe(422);
    const problem = res.json();
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toContain(points.toLocaleString('en-US'));
    expect(problem.detail).toContain(MAX_ANSWER_VALUES.toLocaleString('en-US'));
    expect(problem.detail).toMatch(/from\/to/);
    expect(problem.detail).toMatch(/fewer tickers/);
    expect(problem.errors).toEqual([{ pointer: '/query', detail: expect.stringContaining('at most') }]);
    // Not billed: the quota reservation is released on a 4xx.
    expect(res.headers['x-ratelimit-remaining']).toBe(counted.headers['x-ratelimit-remaining']);
  }, 60_000);

  it('refuses a patterns batch scanning more bars than its cap, before computing', async () => {
    const res = await server.get(`/api/v1/analytics/patterns?tickers=${tickers.join(',')}&limit=10000`, key);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().detail).toMatch(/at most 25,000/);
    expect(res.json().errors[0].pointer).toBe('/query');
  }, 60_000);

  it('answers the same request paginated to fit the cap, in full', async () => {
    const res = await server.get(technical(tickers, LEGAL_LIMIT), key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toHaveLength(20);
    for (const r of body.results) {
      expect(r.count).toBe(LEGAL_LIMIT);
      expect(r.dates).toHaveLength(LEGAL_LIMIT);
      expect(r.indicators).toHaveLength(20);
      const columns = Object.values(r.series as Record<string, Record<string, unknown[]>>).flatMap((s) =>
        Object.values(s),
      );
      expect(columns).toHaveLength(COLUMNS);
      for (const c of columns) expect(c).toHaveLength(LEGAL_LIMIT);
    }
  }, 60_000);
});

describe('large analytics requests leave the event loop free (mode-independent: computed in the HTTP process)', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let tickers: string[];

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    // News on the last 1,000 sessions: thousands of items to score.
    tickers = await heavyMarket(server, 1000);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  /** The last timed answer, parsed. */
  let timedBody: { results?: { count: number; baseline_items: number }[] } = {};
  /** The longest the loop was held during a request, against the request's duration. */
  const timed = async (url: string) => {
    let last = performance.now();
    let longestStallMs = 0;
    const tick = setInterval(() => {
      const t = performance.now();
      longestStallMs = Math.max(longestStallMs, t - last);
      last = t;
    }, 2);
    const t0 = performance.now();
    const res = await server.get(url, key);
    const elapsedMs = performance.now() - t0;
    clearInterval(tick);
    longestStallMs = Math.max(longestStallMs, performance.now() - last);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    timedBody = res.json();
    return { elapsedMs, longestStallMs };
  };

  it('computes and formats 936,000 values on worker threads', async () => {
    // Warm: the series are cached and the worker thread started. Different windows: no result cache hit.
    await timed(technical(tickers, LEGAL_LIMIT - 1));
    const { elapsedMs, longestStallMs } = await timed(technical(tickers, LEGAL_LIMIT));
    expect(longestStallMs, `stalled ${longestStallMs} ms of a ${elapsedMs} ms request`).toBeLessThan(
      elapsedMs / 3,
    );
  }, 120_000);

  it('scores a year of news and its 30 baseline years on worker threads', async () => {
    const url = `/api/v1/analytics/sentiment?tickers=${tickers.join(',')}&days=366&items=200`;
    await timed(url);
    const { elapsedMs, longestStallMs } = await timed(url);
    const scored = (timedBody.results ?? []).reduce((n, r) => n + r.count + r.baseline_items, 0);
    expect(scored).toBeGreaterThan(1000);
    expect(longestStallMs, `stalled ${longestStallMs} ms of a ${elapsedMs} ms request`).toBeLessThan(
      elapsedMs / 3,
    );
  }, 120_000);
});

describe('an answer nobody reads (mode-independent: the HTTP layer alone)', () => {
  const SEND_TIMEOUT_SECONDS = 1;
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let tickers: string[];
  let port: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', {
      asOf: NOW,
      sendTimeoutSeconds: SEND_TIMEOUT_SECONDS,
      analysis: { threads: 0, queueLimit: 100, leaseSeconds: 30, retentionDays: 30 },
    });
    server = await deployment.start();
    tickers = await heavyMarket(server);
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
    );
  const until = async (what: string, ok: () => boolean | Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** Whether a raw HTTP/1.1 answer with a Content-Length has arrived whole. */
  const complete = (raw: string) => {
    const head = raw.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(raw);
    return head >= 0 && length !== null && Buffer.byteLength(raw.slice(head + 4)) >= Number(length[1]);
  };
  const request = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nAccept: application/json\r\n\r\n`;

  it('is cut after the send timeout, having produced only what the socket took', async () => {
    const url = technical(tickers, LEGAL_LIMIT);
    const full = (await server.get(url, key)).rawPayload.length;
    expect(full).toBeGreaterThan(15_000_000);

    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    // A kept-alive connection: a first answer read in full, then a large one never read.
    let first = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      first += chunk;
    });
    socket.write(request('/api/v1/session'));
    await until('the first answer', () => complete(first), 10_000);
    expect(first.startsWith('HTTP/1.1 200')).toBe(true);
    socket.removeAllListeners('data');
    socket.pause();
    socket.write(request(url));
    const sentAt = Date.now();
    await until(
      'the server to close the unread connection',
      async () => server.logs.text.includes('answer not read in time') && (await connections()) === 0,
      SEND_TIMEOUT_SECONDS * 1000 + 20_000,
    );
    const line = server.logs.lines
      .map((l) => JSON.parse(l))
      .find((l) => l.msg?.startsWith('answer not read'));
    // What the answer had produced when it was cut: the kernel's socket buffers (~4 MB on loopback),
    // never the whole ~19 MB body.
    expect(line.bytes_written).toBeLessThan(full / 2);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(SEND_TIMEOUT_SECONDS * 1000);
    socket.destroy();
  }, 60_000);

  it('does not cut a long-poll that waits longer than the send timeout', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/analysis',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { ticker: tickers[0], tier: 'Light' },
    });
    expect(created.statusCode).toBe(202);
    const id = created.json().job_id as string;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    const wait = SEND_TIMEOUT_SECONDS + 2;
    const t0 = Date.now();
    socket.write(request(`/api/v1/analysis/${id}?wait=${wait}`));
    // No analysis threads: the job stays queued and the poll answers when its wait is over.
    await until('the long-poll answer', () => answer.includes('"status":"queued"'), (wait + 10) * 1000);
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(wait * 1000 - 100);
    socket.destroy();
  }, 60_000);
});

describe('large answers one key keeps in progress (mode-independent: counted in the HTTP process)', () => {
  let deployment: Deployment;
  let server: Instance;
  let key: string;
  let port: number;

  beforeAll(async () => {
    deployment = await Deployment.create('embedded', { asOf: NOW });
    server = await deployment.start();
    // 20,000 feed rows: a whole-feed stream is ~10 MB, more than the socket buffers take unread.
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
    key = (await server.account('enterprise', { burst: 1000 })).key as string;
    port = Number(new URL(await server.app.listen({ host: '127.0.0.1', port: 0 })).port);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  /** A whole-feed stream whose answer has begun (its first bytes arrived), then never read again. */
  const stream = async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const begun = new Promise((r) => socket.once('data', r));
    socket.write(
      `GET /api/v1/hedge-fund?dataset=signals&format=ndjson HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`,
    );
    await begun;
    socket.pause();
    return socket;
  };

  it('sheds one more with 503 and Retry-After until one of them ends', async () => {
    const unread = [];
    for (let i = 0; i < ANSWERS_PER_KEY; i++) unread.push(await stream());
    const refused = await server.get('/api/v1/hedge-fund?dataset=signals&format=ndjson', key);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('service_unavailable');
    expect(refused.json().detail).toContain(`(at most ${ANSWERS_PER_KEY})`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Small answers never wait for a slot.
    expect((await server.get('/api/v1/hedge-fund?dataset=signals&limit=10', key)).statusCode).toBe(200);
    const shed = server.logs.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request shed');
    expect(shed.map((l) => [l.level, l.reason])).toEqual([[40, 'answers_in_flight']]);

    (unread.pop() as net.Socket).destroy();
    const again = Date.now() + 10_000;
    let status = 503;
    while (status === 503 && Date.now() < again) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await server.get('/api/v1/hedge-fund?dataset=signals&limit=5000', key)).statusCode;
    }
    expect(status).toBe(200);
    for (const s of unread) s.destroy();
  }, 60_000);
});
