/**
 * Cross-sectional selection in the backtest (issue #48, ADR 0093), on the synthetic demo market: the rule
 * is echoed in the report; keeping the whole ranking changes nothing (every member has a 1-month reversal
 * score long before the 260 bars a card needs); keeping the top fifth keeps only longs ranked in it, by the
 * ranking over that session's members at the scan bar; and the CLI refuses a factor it does not know.
 */
import { factorSeries, percentileRanks } from '@bellwether/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/cards/backtest.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { startDemoMarket, stopDemoMarket } from '../support/demo-market.js';
import type { Deployment, Instance } from '../support/harness.js';
import { runCli } from '../support/serve-process.js';

const NOW = new Date('2026-11-25T17:00:00Z');
const FROM = '2026-05-01';
const TO = '2026-07-31';

describe('cross-sectional selection in the backtest', () => {
  let deployment: Deployment;
  let server: Instance;
  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket('embedded', NOW));
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  it('keeping the whole ranking is the product as it runs; keeping the top fifth keeps only longs ranked there', async () => {
    const deps = publicationDeps(server.platform);
    const seen = (keep?: number) => {
      const cards: { session: string; ticker: string; setup: string; direction: string }[] = [];
      return {
        cards,
        run: () =>
          runBacktest(deps, {
            from: FROM,
            to: TO,
            rules: {
              marketFilter: false,
              ...(keep === undefined
                ? {}
                : { crossSection: { factor: 'reversal_1m', keepTopFraction: keep } }),
            },
            onCard: (c) => cards.push(c),
          }),
      };
    };
    const off = seen();
    const all = seen(1);
    const top = seen(0.2);
    const [rOff, rAll, rTop] = [await off.run(), await all.run(), await top.run()];
    expect(rOff.rules.cross_section).toBeNull();
    expect(rTop.rules.cross_section).toEqual({ factor: 'reversal_1m', keep_top_fraction: 0.2 });
    expect(rOff.cards).toBeGreaterThan(20);
    expect(rAll.cards).toBe(rOff.cards);
    expect(all.cards).toEqual(off.cards);
    expect(rTop.cards).toBeLessThan(rOff.cards);

    // Every kept card's ticker, ranked over the session's tickers at the bar before the session.
    const instruments = (await server.platform.market.listInstruments()).filter(
      (i) => i.active && i.asset_class !== 'index',
    );
    const series = new Map<string, { dates: readonly string[]; score: Float64Array }>();
    for (const i of instruments) {
      const s = await server.platform.market.getDailySeries(i.ticker, { asOf: NOW, adjustment: 'split_div' });
      if (s !== undefined && s.dates.length >= 260)
        series.set(i.ticker, { dates: s.dates, score: factorSeries(s, 'reversal_1m') });
    }
    expect(top.cards.length).toBeGreaterThan(0);
    for (const c of top.cards) {
      const scores = new Map<string, number>();
      for (const [ticker, s] of series) {
        const k = s.dates.indexOf(c.session);
        if (k >= 1) scores.set(ticker, s.score[k - 1] as number);
      }
      const rank = percentileRanks(scores).get(c.ticker) as number;
      if (c.direction === 'long') expect(rank, `${c.session} ${c.ticker}`).toBeGreaterThanOrEqual(0.8 - 1e-9);
      else expect(rank, `${c.session} ${c.ticker}`).toBeLessThanOrEqual(0.2 + 1e-9);
    }
  }, 240_000);

  it('bellwether backtest refuses a factor it does not know, and a keep fraction without a factor', async () => {
    const env = { ...deployment.env(), BELLWETHER_AS_OF: '2026-11-25T17:00:00Z' };
    const bad = await runCli(
      ['backtest', '--from', FROM, '--to', TO, '--cross-section', 'astrology', '--json'],
      env,
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toContain('--cross-section must be one of momentum_12_1, near_52w_high, reversal_1m');
    const keep = await runCli(
      ['backtest', '--from', FROM, '--to', TO, '--cross-section-keep', '0.2', '--json'],
      env,
    );
    expect(keep.code).not.toBe(0);
    expect(keep.stdout).toContain('--cross-section-keep needs --cross-section');
  }, 120_000);
});
