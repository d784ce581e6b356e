/**
 * `bw.backtests` against a real server on the synthetic demo market (embedded): a quote, then `run`,
 * which submits, follows the job's progress and resolves with its report.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoMarket, stopDemoMarket } from '../../server/test/support/demo-market.js';
import type { Deployment, Instance } from '../../server/test/support/harness.js';
import { type BacktestProgress, Bellwether, BellwetherProblem } from '../src/index.js';

const NOW = new Date('2026-11-25T17:00:00Z');

describe('bw.backtests (embedded)', () => {
  let deployment: Deployment;
  let server: Instance;
  let bw: Bellwether;
  let tickers: string[];

  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket('embedded', NOW));
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { key } = await server.account('enterprise', { burst: 1000 });
    bw = new Bellwether({
      baseUrl: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
      apiKey: key as string,
    });
    tickers = (await server.platform.market.listInstruments())
      .filter((i) => i.active && i.asset_class !== 'index')
      .map((i) => i.ticker)
      .slice(0, 6);
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  it('quotes, then runs a backtest to its report while following its progress', async () => {
    const input = { setup: 'trend_pullback', universe: { tickers }, from: '2026-03-02', to: '2026-08-31' };
    const quote = await bw.backtests.quote(input);
    expect(quote).toMatchObject({
      setup: 'trend_pullback',
      tickers: tickers.length,
      units: 1,
      within_plan: true,
    });
    const seen: BacktestProgress[] = [];
    const job = await bw.backtests.run(input, { onProgress: (p) => seen.push(p), progressSeconds: 1 });
    expect(job.status).toBe('succeeded');
    const report = (job as unknown as { report: { sessions: number; tickers: number } }).report;
    expect(report.tickers).toBe(tickers.length);
    // Each progress told once, in order, the last one the whole replay.
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++)
      expect((seen[i] as BacktestProgress).sessions_done).toBeGreaterThan(
        (seen[i - 1] as BacktestProgress).sessions_done,
      );
    expect(seen.at(-1)).toEqual({ percent: 100, sessions_done: report.sessions, sessions: report.sessions });
  }, 180_000);

  it('a setup that does not exist is a typed problem naming the field', async () => {
    const err = await bw.backtests
      .run({ setup: 'astrology', universe: { tickers }, from: '2026-03-02', to: '2026-08-31' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BellwetherProblem);
    expect((err as BellwetherProblem).code).toBe('validation_failed');
    expect((err as BellwetherProblem).detail).toMatch(/^setup: is not a setup/);
  });
});
