/**
 * Issue #23's low findings that need no process of their own: a worker retry overwrote an analysis job's
 * `started_at`; keys written percent-encoded in a URL reached the logs verbatim; a 503 the client
 * caused (load shed) was logged as an error with a stack.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_CONFIG } from '../../src/config/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { openStorage } from '../../src/db/open-storage.js';
import { handleError } from '../../src/http/errors/error-handler.js';
import { LoadShed } from '../../src/http/errors/load-shed.js';
import { ProblemError } from '../../src/problems/problem-error.js';
import { Deployment, LogCapture, MODES } from '../support/harness.js';
import { expectProblem } from '../support/problem.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  code?: string;
}
const parse = (lines: readonly string[]) => lines.map((l) => JSON.parse(l) as LogLine);

describe.each(MODES)('loose ends (%s)', (mode) => {
  let deployment: Deployment;

  beforeAll(async () => {
    deployment = await Deployment.create(mode);
  });
  afterAll(async () => {
    await deployment?.destroy();
  });

  it('keeps the first start of an analysis job across retries, and counts the attempts', async () => {
    let clock = new Date('2026-11-25T15:00:00.000Z');
    const storage = await openStorage({ ...deployment.config.storage, now: () => clock });
    try {
      await migrateToLatest(storage);
      const a = storage.analysis;
      await a.create({ id: 'job_retry', account_id: 'acc_r', key_id: 'key_r', ticker: 'JNJ', tier: 'Light' });
      const first = await a.claim('job_retry', '2026-11-25T15:00:30.000Z');
      expect(first).toMatchObject({ attempts: 1, started_at: '2026-11-25T15:00:00.000Z' });
      // The attempt fails and is retried a minute later; then its process dies and the sweep requeues it.
      expect(await a.requeue('job_retry', 1)).toBe(true);
      clock = new Date('2026-11-25T15:01:00.000Z');
      expect(await a.claim('job_retry', '2026-11-25T15:01:30.000Z')).toMatchObject({
        attempts: 2,
        started_at: '2026-11-25T15:00:00.000Z',
      });
      clock = new Date('2026-11-25T15:05:00.000Z');
      expect(await a.recoverExpired('2026-11-25T15:05:00.000Z', 3, { code: 'x' })).toEqual({
        requeued: ['job_retry'],
        failed: [],
      });
      const third = await a.claim('job_retry', '2026-11-25T15:05:30.000Z');
      expect(third).toMatchObject({ attempts: 3, started_at: '2026-11-25T15:00:00.000Z' });
      expect(await a.succeed('job_retry', 3, 'rpt_retry', '{}')).toBe(true);
      expect(await a.get('acc_r', 'job_retry')).toMatchObject({
        status: 'succeeded',
        attempts: 3,
        started_at: '2026-11-25T15:00:00.000Z',
        finished_at: '2026-11-25T15:05:00.000Z',
      });
    } finally {
      await storage.close();
    }
  });

  it('never logs a key written into a URL, whatever its encoding and wherever it is', async () => {
    const server = await deployment.start();
    try {
      const key = (await server.account('enterprise', { burst: 10_000 })).key as string;
      const every = (s: string, lower = false) =>
        [...s]
          .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
          .join('')
          [lower ? 'toLowerCase' : 'toUpperCase']();
      /** Ways to write (a piece of) the key in a URL: as is, percent-encoded in part, in full, twice… */
      const encodings: ((k: string) => string)[] = [
        (k) => k,
        (k) => every(k),
        (k) => every(k, true),
        (k) => k.replace('_', '%5F'),
        (k) => k.replace('b', '%62'),
        (k) => every(k).replace(/%/g, '%25'),
        (k) => every(k).replace(/%/g, '%25').replace(/%/g, '%25'),
        (k) => `${k.slice(0, 20)}%00${k.slice(20)}`,
        (k) => k.toUpperCase(),
      ];
      const urls = encodings.flatMap((enc) => {
        const k = enc(key);
        // The key cut in two, each piece written the same way.
        const [head, tail] = [enc(key.slice(0, 12)), enc(key.slice(12))];
        return [
          `/api/v1/session?api%5Fkey=${k}`,
          `/api/v1/session?%61pi_key=${k}`,
          `/api/v1/session?API-Key=${k}`,
          `/api/v1/session?x-api-key=${k}`,
          `/api/v1/session?access%5ftoken=${k}`,
          `/api/v1/cards?q=${k}`,
          `/api/v1/cards?note=Bearer+${k}`,
          `/api/v1/cards?${k}`,
          `/api/v1/cards?${k}=1`,
          `/api/v1/analysis/${k}`,
          `/api/v1/${k}`,
          `/api/v1/${k}/more?x=1`,
          `/nowhere/${k}`,
          `/api/v1/cards?a=${head}&b=${tail}`,
          `/api/v1/${head}/${tail}`,
          `/api/v1/${head}?${tail}`,
        ];
      });
      for (const url of urls)
        for (const headers of [{}, { authorization: `Bearer ${key}` }]) {
          const res = await server.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, url).toBeLessThan(500);
        }
      expect(server.logs.lines.length).toBeGreaterThan(urls.length);
      /** The log as anyone reading it could decode it: percent-decoded until stable, separators dropped. */
      let decoded = server.logs.text;
      for (let i = 0; i < 5; i++)
        decoded = decoded.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) =>
          String.fromCharCode(Number.parseInt(h, 16)),
        );
      const bare = (s: string) => s.replace(/[^0-9A-Za-z]/g, '').toLowerCase();
      const secret = key.slice(3 + 12, 3 + 12 + 24);
      for (const text of [server.logs.text, decoded, bare(decoded)])
        for (const part of [key, key.slice(3), secret, bare(secret)])
          expect(text.includes(part), `the log holds ${part === secret ? 'the key secret' : 'the key'}`).toBe(
            false,
          );
    } finally {
      await server.close();
    }
  });

  it('logs a load-shed 503 (queue full) at warn without a stack', async () => {
    const full = await Deployment.create(mode, { analysis: { ...DEFAULT_ANALYSIS_CONFIG, queueLimit: 0 } });
    const server = await full.start();
    try {
      const key = (await server.account('enterprise')).key as string;
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/analysis',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ticker: 'AAPL', tier: 'Light' }),
      });
      expectProblem(res, 503, 'service_unavailable');
      expect(res.headers['retry-after']).toBe('5');
      const lines = parse(server.logs.lines);
      const shed = lines.filter((l) => l.code === 'service_unavailable');
      expect(shed).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'request shed',
          reason: 'analysis_queue_full',
        }),
      ]);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(server.logs.text).not.toContain('stack');
    } finally {
      await server.close();
      await full.destroy();
    }
  });
});

describe('the error handler tells load shedding from faults', () => {
  it('logs a 503 with a cause (a dependency failed) at error with its stack, a shed 503 at warn', async () => {
    const logs = new LogCapture();
    const app = Fastify({ logger: { level: 'info', stream: logs } });
    app.setErrorHandler(handleError);
    app.get('/down', async () => {
      throw new ProblemError('service_unavailable', 'The rate limiter is unavailable.', {
        headers: { 'retry-after': '2' },
        cause: new Error('Connection is closed.'),
      });
    });
    app.get('/shed', async () => {
      throw new LoadShed('analysis_queue_full', 'The queue is full; retry shortly.', 5);
    });
    try {
      expect((await app.inject({ url: '/down' })).statusCode).toBe(503);
      const shed = await app.inject({ url: '/shed' });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      const lines = parse(logs.lines).filter((l) => l.code === 'service_unavailable');
      expect(lines.map((l) => [l.msg, l.level])).toEqual([
        ['request failed', 50],
        ['request shed', 40],
      ]);
      expect(lines[0]?.err?.stack).toContain('Connection is closed.');
      expect(lines[1]?.err).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
