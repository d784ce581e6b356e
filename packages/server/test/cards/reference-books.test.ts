/**
 * The backtest's reference books (#48) on the synthetic demo market: same sessions, tickers and costs as
 * the cards; equal weight checked against a computation from the stored series themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/cards/backtest.js';
import { publicationDeps } from '../../src/cards/publication-deps.js';
import { startDemoMarket, stopDemoMarket } from '../support/demo-market.js';
import type { Deployment, Instance } from '../support/harness.js';

const NOW = new Date('2026-11-25T17:00:00Z');

describe('backtest reference books (embedded)', () => {
  let deployment: Deployment;
  let server: Instance;

  beforeAll(async () => {
    ({ deployment, server } = await startDemoMarket('embedded', NOW));
  }, 120_000);
  afterAll(() => stopDemoMarket({ deployment, server }));

  it('sets the cards as a book beside equal weight and momentum on the same sessions and costs', async () => {
    const deps = publicationDeps(server.platform);
    const tickers = (await deps.market.listInstruments())
      .filter((i) => i.active && i.asset_class !== 'index')
      .map((i) => i.ticker)
      .slice(0, 6);
    const from = '2026-03-02';
    const to = '2026-08-31';
    const costBps = 10;
    const r = await runBacktest(deps, {
      from,
      to,
      tickers,
      rules: { costBps },
      riskPerCard: 0.02,
      momentumTop: 3,
    });
    const books = r.books;
    if (books === null) throw new Error('no books');
    expect(books.dates.length).toBe(r.sessions);
    expect(books.settings).toEqual({
      cost_bps_per_side: costBps,
      risk_per_card: 0.02,
      max_gross_exposure: 1,
      momentum: { top: 3, lookback: 252, skip: 21 },
    });
    for (const b of [books.cards, books.equal_weight, books.equal_weight_at_cards_exposure, books.momentum])
      expect(b.equity.length).toBe(r.sessions);
    // Every traded card is a filled card of the replay (fills after `to` are outside the book's window).
    expect(books.cards.trades).toBeGreaterThan(0);
    expect(books.cards.trades).toBeLessThanOrEqual(r.filled);
    expect(books.cards.average_exposure).toBeGreaterThan(0);

    // Equal weight bought at the close of the first session and held, from the stored series directly:
    // the mean of the tickers' growth, less 10 bp on the one purchase (V = 1 / 1.001).
    const growth: number[] = [];
    for (const t of tickers) {
      const s = await deps.market.getDailySeries(t, { asOf: NOW, adjustment: 'split_div' });
      if (s === undefined) continue;
      const a = s.dates.findIndex((d) => d >= from);
      let b = a;
      while (b + 1 < s.dates.length && (s.dates[b + 1] as string) <= to) b++;
      growth.push((s.close[b] as number) / (s.close[a] as number));
    }
    expect(growth.length).toBe(tickers.length);
    const expected = growth.reduce((x, y) => x + y, 0) / growth.length / 1.001;
    expect(books.equal_weight.equity.at(-1)).toBeCloseTo(expected, 5);
    expect(books.equal_weight.total_return).toBeCloseTo(expected - 1, 5);
    expect(books.equal_weight.average_exposure).toBeCloseTo(1, 6);
  }, 120_000);
});
