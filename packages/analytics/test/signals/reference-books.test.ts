import { describe, expect, it } from 'vitest';
import {
  atExposure,
  type BookTrade,
  bookStats,
  cardsBook,
  equalWeightBook,
  momentumBook,
  type PricePanel,
  pricePanel,
  referenceBooks,
  windowOf,
} from '../../src/signals/reference-books/index.js';

/** Weekdays from 2010-01-04, as session dates (a calendar is not needed: the books read only the order). */
function sessions(n: number): string[] {
  const out: string[] = [];
  const d = new Date(Date.UTC(2010, 0, 4));
  while (out.length < n) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** A seeded generator (mulberry32) so the random panels are the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random-walk closes: `tickers` stocks over `n` sessions, daily returns uniform in ±3 % plus a drift. */
function randomPanel(tickers: number, n: number, seed: number): PricePanel {
  const next = rng(seed);
  const dates = sessions(n);
  return pricePanel(
    Array.from({ length: tickers }, (_, j) => {
      const close = new Float64Array(n);
      let p = 20 + 10 * j;
      const drift = (next() - 0.4) * 0.002;
      for (let i = 0; i < n; i++) {
        p *= 1 + drift + (next() - 0.5) * 0.06;
        close[i] = p;
      }
      return { ticker: `T${String(j).padStart(2, '0')}`, dates, close };
    }),
  );
}

const last = (x: Float64Array) => x[x.length - 1] as number;

describe('book statistics', () => {
  it('annual return, volatility, Sharpe and max drawdown equal a plain-arithmetic computation (1e-12)', () => {
    // Independent computation (Python 3 `statistics`, no numpy), equity 1.02, 0.99, 1.03, 0.97, 1.01, 1.05
    // from 1: returns r = e_t / e_{t−1} − 1; CAGR = 1.05^(252/6) − 1 = 6.761587555117436;
    // vol = stdev(r) (n − 1) × √252 = 0.6765361022518757; Sharpe = mean(r) / stdev(r) × √252 =
    // 3.3263542471788186; max drawdown: peak 1.03, trough 0.97 → 0.97 / 1.03 − 1 = −0.058252427184466105.
    const s = bookStats([1.02, 0.99, 1.03, 0.97, 1.01, 1.05]);
    expect(s.annual_return).toBeCloseTo(6.761587555117436, 12);
    expect(s.volatility).toBeCloseTo(0.6765361022518757, 12);
    expect(s.sharpe).toBeCloseTo(3.3263542471788186, 12);
    expect(s.max_drawdown).toBeCloseTo(0.97 / 1.03 - 1, 15);
    expect(s.total_return).toBeCloseTo(0.05, 15);
  });

  it('counts the starting capital as a peak: a first-day loss is a drawdown', () => {
    expect(bookStats([0.9, 0.95]).max_drawdown).toBeCloseTo(-0.1, 15);
  });
});

describe('equal weight bought and held', () => {
  it('of a single always-rising stock returns exactly what the stock returned (no costs)', () => {
    const dates = sessions(300);
    const close = Float64Array.from(dates, (_, i) => 50 * 1.001 ** i + i * 0.01);
    const panel = pricePanel([{ ticker: 'UP', dates, close }]);
    const w = windowOf(panel, dates[20] as string, dates[280] as string);
    if (w === null) throw new Error('window');
    const run = equalWeightBook(panel, w, { costBps: 0 });
    expect(last(run.equity)).toBeCloseTo((close[280] as number) / (close[20] as number), 12);
    expect(bookStats(run.equity).total_return).toBeCloseTo(
      (close[280] as number) / (close[20] as number) - 1,
      12,
    );
  });

  it('follows a hand-computed path on two stocks, and pays its entry once (10 bp)', () => {
    // A 10 → 11 → 12.1 → 11, B 20 → 19 → 19 → 22: half in each at 10 and 20 buys 0.05 A and 0.025 B,
    // worth 1, 1.025, 1.08, 1.10 at the closes. 10 bp on the one purchase: V + 0.001 V = 1, V = 1/1.001.
    const dates = sessions(4);
    const panel = pricePanel([
      { ticker: 'A', dates, close: [10, 11, 12.1, 11] },
      { ticker: 'B', dates, close: [20, 19, 19, 22] },
    ]);
    const w = { from: 0, to: 3 };
    const free = equalWeightBook(panel, w, { costBps: 0 });
    for (const [i, e] of [1, 1.025, 1.08, 1.1].entries()) expect(free.equity[i]).toBeCloseTo(e, 12);
    const paid = equalWeightBook(panel, w, { costBps: 10 });
    for (const [i, e] of [1, 1.025, 1.08, 1.1].entries()) expect(paid.equity[i]).toBeCloseTo(e / 1.001, 12);
    expect(paid.costs).toBeCloseTo(0.001 / 1.001, 12);
  });

  it('at a constant exposure x earns x times each day’s return', () => {
    const scaled = atExposure([1.1, 0.99], 0.5);
    expect(scaled[0]).toBeCloseTo(1.05, 15);
    expect(scaled[1]).toBeCloseTo(1.05 * (1 + 0.5 * (0.99 / 1.1 - 1)), 15);
  });
});

describe('12-1 momentum top N', () => {
  it('holds N ≥ universe exactly as equal weight rebalanced monthly (no costs)', () => {
    const panel = randomPanel(6, 700, 7);
    const w = { from: 300, to: 699 };
    const mom = momentumBook(panel, w, { top: 6, costBps: 0 });
    const ew = equalWeightBook(panel, w, { costBps: 0, rebalance: 'monthly' });
    for (let i = 0; i < mom.equity.length; i++) expect(mom.equity[i]).toBeCloseTo(ew.equity[i] as number, 12);
    const more = momentumBook(panel, w, { top: 50, costBps: 0 });
    expect(last(more.equity)).toBeCloseTo(last(mom.equity), 12);
  });

  it('with N ≥ universe differs from buy-and-hold only by rebalancing costs: none when weights cannot drift', () => {
    // Every stock has the same daily returns (different price levels): equal weights never drift, the
    // monthly rebalance trades nothing, and the book equals buy-and-hold, costs included.
    const next = rng(3);
    const dates = sessions(600);
    const base = new Float64Array(600);
    let p = 1;
    for (let i = 0; i < 600; i++) base[i] = p *= 1 + (next() - 0.48) * 0.04;
    const panel = pricePanel(
      [5, 17, 40, 90].map((level, j) => ({ ticker: `S${j}`, dates, close: base.map((x) => x * level) })),
    );
    const w = { from: 260, to: 599 };
    const mom = momentumBook(panel, w, { top: 10, costBps: 25 });
    const bh = equalWeightBook(panel, w, { costBps: 25 });
    for (let i = 0; i < mom.equity.length; i++) expect(mom.equity[i]).toBeCloseTo(bh.equity[i] as number, 10);
    expect(mom.turnover).toBeCloseTo(1 / 1.0025, 9);
  });

  it('picks the year’s winner, not last month’s: the most recent month is skipped', () => {
    // W rose 50 % over months 12 … 2 and fell 5 % in the last month; J was flat and jumped 30 % in the
    // last month only; L fell. On the first session of the window the top-1 book must hold W.
    const n = 300;
    const dates = sessions(n);
    const t = 280; // the rebalance session; the score reads closes through t − 1
    const W = Float64Array.from({ length: n }, (_, i) =>
      i <= t - 1 - 252 ? 100 : i <= t - 1 - 21 ? 100 + (50 * (i - (t - 1 - 252))) / 231 : 150 * 0.95,
    );
    const J = Float64Array.from({ length: n }, (_, i) => (i <= t - 1 - 21 ? 100 : 130));
    const L = Float64Array.from({ length: n }, (_, i) => 100 - i * 0.05);
    const panel = pricePanel([
      { ticker: 'J', dates, close: J },
      { ticker: 'L', dates, close: L },
      { ticker: 'W', dates, close: W },
    ]);
    // After the rebalance W moves +10 %, the others +0 / −: the book's return is W's.
    (panel.close[2] as Float64Array)[t + 1] = 150 * 0.95 * 1.1;
    const mom = momentumBook(panel, { from: t, to: t + 1 }, { top: 1, costBps: 0 });
    expect((mom.equity[1] as number) / (mom.equity[0] as number)).toBeCloseTo(1.1, 12);
  });

  it('is in cash while no ticker has a year of history', () => {
    const panel = randomPanel(3, 200, 11);
    const mom = momentumBook(panel, { from: 0, to: 199 }, { costBps: 10 });
    expect([...mom.equity].every((e) => e === 1)).toBe(true);
  });
});

describe('the cards as a book', () => {
  const dates = sessions(10);
  const close = [100, 101, 102, 104, 103, 106, 108, 107, 109, 110];
  const panel = pricePanel([{ ticker: 'X', dates, close }]);
  const trade = (over: Partial<BookTrade> = {}): BookTrade => ({
    ticker: 'X',
    direction: 'long',
    fill_date: dates[1] as string,
    exit_date: dates[5] as string,
    fill_price: 100.5,
    risk_per_share: 2.5,
    r_multiple: 1.8,
    cost_r: 0.08,
    ...over,
  });

  it('sizes a card at risk / (entry − stop), marks it at the closes and books exactly risk × net R', () => {
    const run = cardsBook(panel, { from: 0, to: 9 }, [trade()], { riskPerCard: 0.01 });
    // 0.01 of equity 1 at 2.5 a share = 0.004 shares; day 1 marks 101 − 100.5 and half the cost.
    expect(run.equity[0]).toBe(1);
    expect(run.equity[1]).toBeCloseTo(1 + 0.004 * 0.5 - 0.0004, 12);
    expect(run.equity[3]).toBeCloseTo(1 + 0.004 * 3.5 - 0.0004, 12);
    expect(run.exposure[3]).toBeCloseTo((0.004 * 104) / (run.equity[3] as number), 12);
    expect(run.equity[5]).toBeCloseTo(1 + 0.01 * (1.8 - 0.08), 12);
    expect(run.equity[9]).toBeCloseTo(1 + 0.01 * (1.8 - 0.08), 12);
    expect(run.exposure[5]).toBe(0);
  });

  it('marks a short against the price and sizes the next card on the equity it has then (compounding)', () => {
    const short = trade({ direction: 'short', exit_date: dates[3] as string, r_multiple: -1, cost_r: 0 });
    const next = trade({
      fill_date: dates[4] as string,
      exit_date: dates[6] as string,
      r_multiple: 2,
      cost_r: 0,
    });
    const run = cardsBook(panel, { from: 0, to: 9 }, [short, next], { riskPerCard: 0.02 });
    expect(run.equity[2]).toBeCloseTo(1 - 0.008 * (102 - 100.5), 12);
    expect(run.equity[3]).toBeCloseTo(0.98, 12);
    expect(run.equity[6]).toBeCloseTo(0.98 * (1 + 0.02 * 2), 12);
  });

  it('takes no card that would carry the book past its gross exposure cap (no cash, no trade)', () => {
    // Each card: 0.01 / 2.5 = 0.004 shares at 100.5 ≈ 0.40 of equity. Under a cap of 1 two fit, a third
    // on the same session does not; with the cap at 3 all three are taken.
    const three = [trade(), trade(), trade()];
    const capped = cardsBook(panel, { from: 0, to: 9 }, three, { riskPerCard: 0.01 });
    expect(capped).toMatchObject({ trades: 2, no_room: 1 });
    expect(capped.equity[9]).toBeCloseTo(1 + 2 * 0.01 * (1.8 - 0.08), 12);
    expect(Math.max(...capped.exposure)).toBeLessThanOrEqual(1);
    const loose = cardsBook(panel, { from: 0, to: 9 }, three, { riskPerCard: 0.01, maxGrossExposure: 3 });
    expect(loose).toMatchObject({ trades: 3, no_room: 0 });
    expect(loose.equity[9]).toBeCloseTo(1 + 3 * 0.01 * (1.8 - 0.08), 12);
  });
});

describe('costs', () => {
  it('strictly reduce every book’s return, the more the basis points the less the return', () => {
    const panel = randomPanel(8, 700, 5);
    const w = { from: 300, to: 699 };
    const trades: BookTrade[] = Array.from({ length: 40 }, (_, k) => ({
      ticker: `T0${k % 8}`,
      direction: k % 3 === 0 ? 'short' : 'long',
      fill_date: panel.dates[305 + k * 9] as string,
      exit_date: panel.dates[312 + k * 9] as string,
      fill_price: (panel.close[k % 8] as Float64Array)[305 + k * 9] as number,
      risk_per_share: 0.5,
      r_multiple: (k % 5) - 1.5,
      cost_r: 0,
    }));
    const withCost = (bps: number) =>
      referenceBooks(
        panel,
        w,
        trades.map((t) => ({ ...t, cost_r: (2 * bps * t.fill_price) / 10_000 / t.risk_per_share })),
        { costBps: bps, riskPerCard: 0.002 },
      );
    const [b0, b5, b20] = [0, 5, 20].map(withCost) as [
      ReturnType<typeof withCost>,
      ReturnType<typeof withCost>,
      ReturnType<typeof withCost>,
    ];
    for (const name of ['cards', 'equal_weight', 'equal_weight_at_cards_exposure', 'momentum'] as const) {
      const r = [b0, b5, b20].map((b) => b[name].stats.annual_return as number);
      expect(r[1], name).toBeLessThan(r[0] as number);
      expect(r[2], name).toBeLessThan(r[1] as number);
    }
    expect(b5.cards.trades).toBe(40);
    expect(b5.cards.average_exposure).toBeGreaterThan(0);
    expect(b5.equal_weight_at_cards_exposure.average_exposure).toBeCloseTo(b5.cards.average_exposure, 12);
  });
});
