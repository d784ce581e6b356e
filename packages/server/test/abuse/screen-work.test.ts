/**
 * Replays of issue #42's screener findings (ADR 0082):
 * - a screen that loads more bars than its batches may hold never answered: the batches gave back what
 *   their bars measured after the compute pool had transferred them away (0), so the count held never
 *   fell and the next `add` waited forever (CPU idle, nothing logged). Replayed with a small hold over a
 *   real ComputePool, which transfers the bars exactly as in production;
 * - a screen's work is capped and checked before anything is loaded: a 422 naming the cap;
 * - screens take a per-account share of the compute pool: one account's screens at its burst cannot
 *   make another account's one-ticker /analytics/technical a 503.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputePool } from '../../src/http/analytics/compute-pool.js';
import { seedDemoMarketIfEmpty } from '../../src/market/store/index.js';
import { ProblemError } from '../../src/problems/problem-error.js';
import { runScreen } from '../../src/screening/run-screen.js';
import { parseScreenRequest } from '../../src/screening/screen-request.js';
import { enforceScreenWork, MAX_SCREEN_BARS, sessionsAtMost } from '../../src/screening/screen-work.js';
import { Deployment, type Instance, MODES } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');
/** Three whole-history indicators: every bar of every ticker is loaded and sent. */
const WHOLE_HISTORY = 'obv > 0 and kama(10) > 0 and supertrend(10,3) > 0';

/** Fails with `what` instead of waiting for the test's own timeout. */
const within = <T>(what: string, ms: number, p: Promise<T>): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms)),
  ]);

describe.each(MODES)('a screen larger than its batches may hold (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let pool: ComputePool;

  beforeAll(async () => {
    deployment = await Deployment.create(mode, { asOf: NOW });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 21, years: 3 });
    pool = new ComputePool({ queueLimit: 16 });
  }, 240_000);
  afterAll(async () => {
    await pool?.close();
    await server?.close();
    await deployment?.destroy();
  });

  it('answers, though every batch holds more bars than allowed (the hold counts what was added, not the transferred buffers)', async () => {
    const request = parseScreenRequest({ where: WHOLE_HISTORY });
    const universe = (await server.platform.market.listInstruments()).filter((i) => i.active);
    expect(universe.length).toBeGreaterThan(10);
    // ~750 bars a ticker: one batch is far past a 1,000-bar hold, as a 1,000,000-bar one is in production.
    const run = await within(
      'the screen',
      30_000,
      runScreen(server.platform.market, pool.admit('acc_a'), request, universe, NOW, { barsHeld: 1000 }),
    );
    expect(run.universe).toBe(universe.length);
    expect(run.evaluated).toBeGreaterThan(10);
    // A second screen on the same pool answers too: nothing was left held.
    const again = await within(
      'a second screen',
      30_000,
      runScreen(server.platform.market, pool.admit('acc_a'), request, universe, NOW, { barsHeld: 1000 }),
    );
    expect(again.matched).toBe(run.matched);
  }, 120_000);

  it('refuses, before loading anything, a screen over its cap with a 422 naming the cap and the count', async () => {
    const request = parseScreenRequest({ where: WHOLE_HISTORY });
    const universe = (await server.platform.market.listInstruments()).filter((i) => i.active);
    // The cap is a parameter: 21 tickers × 3 indicators × ~780 weekdays is ~49,000 bars.
    const refused = await enforceScreenWork(server.platform.listings, request, universe, NOW, 10_000).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ProblemError);
    const problem = refused as ProblemError;
    expect(problem.code).toBe('validation_failed');
    expect(problem.message).toMatch(/at most 10,000/);
    expect(problem.message).toMatch(/fewer tickers/);
    // Under the production cap the same screen passes, and the route answers it.
    await enforceScreenWork(server.platform.listings, request, universe, NOW, MAX_SCREEN_BARS);
    const key = (await server.account('enterprise', { burst: 1000 })).key as string;
    const res = await server.get(`/api/v1/screener?where=${encodeURIComponent(WHOLE_HISTORY)}`, key);
    expect(res.statusCode, res.body).toBe(200);
  }, 60_000);
});

describe('sessionsAtMost', () => {
  it('counts weekdays inclusive (every day on 24x7), and nothing for an empty span', () => {
    expect(sessionsAtMost('2026-11-23', '2026-11-29', false)).toBe(5); // Monday to Sunday
    expect(sessionsAtMost('2026-11-23', '2026-11-29', true)).toBe(7);
    expect(sessionsAtMost('2026-11-28', '2026-11-29', false)).toBe(0); // a weekend
    expect(sessionsAtMost('2026-01-01', '2026-12-31', false)).toBe(261);
    expect(sessionsAtMost('2026-11-29', '2026-11-23', false)).toBe(0);
  });
});

describe.each(MODES)('one account screening at its burst beside another account (%s)', (mode) => {
  let deployment: Deployment;
  let server: Instance;
  let screening: string;
  let other: string;
  let tickers: string[];

  beforeAll(async () => {
    // A small compute queue: one account's screens would fill it alone.
    deployment = await Deployment.create(mode, { asOf: NOW, compute: { queueLimit: 4 } });
    server = await deployment.start();
    await seedDemoMarketIfEmpty(server.platform.market, NOW, { tickers: 21, years: 6 });
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.asset_class !== 'index')
      .map((i) => i.ticker);
    screening = (await server.account('enterprise', { burst: 1000, quota: 1_000_000 })).key as string;
    other = (await server.account('enterprise')).key as string;
    // Warm: series cached, thread started.
    expect(
      (await server.get(`/api/v1/screener?where=${encodeURIComponent(WHOLE_HISTORY)}`, screening)).statusCode,
    ).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await deployment?.destroy();
  });

  it("admits the other account's one-ticker technical request every time (the screening account is refused its own excess)", async () => {
    const compute = server.app.compute;
    let screening_ = true;
    const screenStatuses: number[] = [];
    // Twelve screens in flight at all times, each over the whole universe with whole-history indicators.
    const screeners = Array.from({ length: 12 }, async () => {
      while (screening_) {
        const res = await server.get(
          `/api/v1/screener?where=${encodeURIComponent(WHOLE_HISTORY)}`,
          screening,
        );
        screenStatuses.push(res.statusCode);
        // Refused: back off a little, as a client honouring Retry-After would (though sooner).
        if (res.statusCode === 503) await new Promise((r) => setTimeout(r, 50));
      }
    });
    const deadline = Date.now() + 30_000;
    while (compute.waiting + compute.running < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const res = await server.get(
          `/api/v1/analytics/technical?tickers=${tickers[i % tickers.length]}&indicators=rsi(14)&limit=50`,
          other,
        );
        statuses.push(res.statusCode);
      }
    } finally {
      screening_ = false;
      await Promise.all(screeners);
    }
    expect(statuses).toEqual(statuses.map(() => 200));
    // The screening account met its own bound, with the compute queue's 503.
    expect(screenStatuses).toContain(200);
    expect(screenStatuses).toContain(503);
    expect(screenStatuses.every((s) => s === 200 || s === 503)).toBe(true);
    const shed = server.logs.lines
      .map((l) => JSON.parse(l) as { msg?: string; reason?: string; err?: unknown })
      .filter((l) => l.msg === 'request shed' && l.reason === 'compute_queue_full');
    expect(shed.length).toBe(screenStatuses.filter((s) => s === 503).length);
  }, 120_000);
});
