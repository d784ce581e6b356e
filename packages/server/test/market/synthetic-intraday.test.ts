import { leeReady, tradeSpreads } from '@bellwether/analytics/microstructure';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/market/calendar/calendar.js';
import { X247 } from '../../src/market/calendar/x247.js';
import { XNYS } from '../../src/market/calendar/xnys.js';
import {
  type DailyBar,
  generateDailyBars,
  generateIntraday,
  generateUniverse,
  type IntradayResult,
} from '../../src/market/synthetic/index.js';

function xnysSessions(from: string, to: string): Session[] {
  const out: Session[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const s = XNYS.sessionOn(new Date(t).toISOString().slice(0, 10));
    if (s !== undefined) out.push(s);
  }
  return out;
}

const SEED = 21;
// Includes the 2025-11-28 early close (13:00) and the DST change of 2025-11-02.
const SESSIONS = xnysSessions('2025-10-01', '2025-12-05');
const universe = generateUniverse({ seed: SEED, tickers: 11, crypto: 1 });
const daily = generateDailyBars(universe, { seed: SEED, sessions: SESSIONS.map((s) => s.id) });
const equities = universe.instruments.filter((i) => i.asset_class === 'equity');
const crypto = universe.instruments.find((i) => i.asset_class === 'crypto')!;

const barOf = (ticker: string, date: string): DailyBar => daily.bars[ticker]!.find((b) => b.date === date)!;

/** Ticks for a sample of (ticker, session) pairs: every equity on a few sessions, including the early close. */
const samples: { ticks: IntradayResult; bar: DailyBar; session: Session }[] = [];
for (const session of [SESSIONS[0]!, SESSIONS.find((s) => s.early_close)!, SESSIONS.at(-1)!]) {
  for (const inst of equities) {
    const ticks = generateIntraday(universe, daily, {
      seed: SEED,
      session,
      ticker: inst.ticker,
      max_trades: 400,
    });
    samples.push({ ticks, bar: barOf(inst.ticker, session.id), session });
  }
}

describe('synthetic intraday ticks', () => {
  it('prints the bar: first trade at the open, last at the close, max trade = high, min trade = low', () => {
    for (const { ticks, bar } of samples) {
      const prices = ticks.trades.map((t) => t.price);
      expect(prices[0]).toBe(bar.open);
      expect(prices.at(-1)).toBe(bar.close);
      expect(Math.max(...prices)).toBe(bar.high);
      expect(Math.min(...prices)).toBe(bar.low);
    }
  });

  it('prints every share of the day when max_trades holds them, else an evenly thinned sample marked incomplete', () => {
    for (const { ticks, bar } of samples) {
      const sizes = ticks.trades.map((t) => t.size);
      expect(sizes.every((s) => Number.isInteger(s) && s >= 1)).toBe(true);
      const volume = sizes.reduce((a, b) => a + b, 0);
      if (ticks.complete) expect(volume).toBe(bar.volume);
      else expect({ trades: sizes.length, short: volume < bar.volume }).toEqual({ trades: 400, short: true });
    }
    // The thinnest day of the sample, with room for all of its prints: complete, to the share.
    const { bar, session } = samples.reduce((a, b) => (a.bar.volume < b.bar.volume ? a : b));
    const ticker = samples.find((x) => x.bar === bar)!.ticks.ticker;
    const whole = generateIntraday(universe, daily, { seed: SEED, session, ticker, max_trades: 100_000 });
    expect(whole.complete).toBe(true);
    expect(whole.trades.reduce((a, t) => a + t.size, 0)).toBe(bar.volume);
  });

  // Issue #26: sizes were Pareto shares of the whole day's volume over a few hundred trades (median
  // 38,584 shares). SEC MIDAS counts 18–24 % odd lots among corporate stock trades (2013, Data Highlight
  // 2014-01); 100 shares is the most common print; blocks (≥ 10,000) are rare.
  it('sizes trades like a large-cap tape: median 100–1,000 shares, mostly round lots, some odd lots, rare blocks', () => {
    const sizes = samples.flatMap(({ ticks }) => ticks.trades.map((t) => t.size)).sort((a, b) => a - b);
    const share = (f: (s: number) => boolean) => sizes.filter(f).length / sizes.length;
    expect(sizes[sizes.length >> 1]).toBeGreaterThanOrEqual(100);
    expect(sizes[sizes.length >> 1]).toBeLessThanOrEqual(1000);
    expect(share((s) => s % 100 === 0)).toBeGreaterThan(0.5);
    expect(share((s) => s < 100)).toBeGreaterThan(0.1);
    expect(share((s) => s < 100)).toBeLessThan(0.5);
    expect(share((s) => s >= 10_000)).toBeGreaterThan(0);
    expect(share((s) => s >= 10_000)).toBeLessThan(0.01);
    expect(sizes[Math.floor(sizes.length * 0.9)]).toBeLessThan(10_000);
  });

  it('prints every trade and quote on the cent grid', () => {
    const onGrid = (p: number) => Math.round(p * 100) / 100 === p;
    for (const { ticks } of samples) {
      expect(ticks.trades.every((t) => onGrid(t.price))).toBe(true);
      expect(ticks.quotes.every((q) => onGrid(q.bid) && onGrid(q.ask))).toBe(true);
    }
  });

  it('stamps trades and quotes in ms within the session, strictly increasing, early closes included', () => {
    for (const { ticks, session } of samples) {
      const open = session.opens_at.getTime();
      const close = session.closes_at.getTime();
      for (const series of [ticks.trades, ticks.quotes]) {
        for (let i = 0; i < series.length; i++) {
          const t = series[i]!.t;
          if (!Number.isInteger(t) || t < open || t > close || (i > 0 && t <= series[i - 1]!.t)) {
            expect.fail(`${ticks.ticker} ${session.id} event ${i} at ${t}`);
          }
        }
      }
      expect(ticks.trades.at(-1)!.t).toBe(close);
      expect(ticks.quotes[0]!.t).toBe(open);
    }
  });

  it('quotes bid < ask with the declared half-spread (to the cent), and trades at the prevailing bid or ask', () => {
    for (const { ticks } of samples) {
      const h = ticks.half_spread;
      for (const q of ticks.quotes) {
        const mid = (q.bid + q.ask) / 2;
        if (!(q.bid > 0 && q.bid < q.ask) || Math.abs((q.ask - q.bid) / 2 - h * mid) > 0.01 + 1e-9) {
          expect.fail(`${ticks.ticker} quote ${JSON.stringify(q)} vs h=${h}`);
        }
      }
      let q = -1;
      for (const trade of ticks.trades) {
        while (q + 1 < ticks.quotes.length && ticks.quotes[q + 1]!.t <= trade.t) q++;
        const quote = ticks.quotes[q]!;
        expect(trade.price).toBe(trade.side === 'buy' ? quote.ask : quote.bid);
      }
    }
  });

  it('lets the Lee-Ready algorithm recover every side and the effective spread recover the true one', () => {
    const { ticks } = samples.reduce((a, b) =>
      a.ticks.half_spread * a.bar.close > b.ticks.half_spread * b.bar.close ? a : b,
    );
    const tt = Float64Array.from(ticks.trades, (t) => t.t);
    const price = Float64Array.from(ticks.trades, (t) => t.price);
    const qt = Float64Array.from(ticks.quotes, (q) => q.t);
    const bid = Float64Array.from(ticks.quotes, (q) => q.bid);
    const ask = Float64Array.from(ticks.quotes, (q) => q.ask);
    const sign = leeReady(tt, price, qt, bid, ask);
    expect(Array.from(sign)).toEqual(ticks.trades.map((t) => (t.side === 'buy' ? 1 : -1)));
    const effective = tradeSpreads(tt, price, sign, qt, bid, ask).effective;
    const halfEffective = effective.reduce((a, b) => a + b, 0) / effective.length / 2;
    expect(Math.abs(halfEffective / ticks.half_spread - 1)).toBeLessThan(0.25);
  });

  it('varies the true half-spread by ticker', () => {
    const spreads = new Set(equities.map((i) => i.model.half_spread));
    expect(spreads.size).toBe(equities.length);
    for (const h of spreads) {
      expect(h).toBeGreaterThanOrEqual(0.0001);
      expect(h).toBeLessThanOrEqual(0.004);
    }
  });

  it('fills a crypto asset over its 24-hour UTC session', () => {
    const session = X247.sessionOn('2025-11-29')!;
    const ticks = generateIntraday(universe, daily, {
      seed: SEED,
      session,
      ticker: crypto.ticker,
      max_trades: 200,
    });
    const bar = barOf(crypto.ticker, '2025-11-29');
    expect(ticks.trades[0]!.price).toBe(bar.open);
    expect(ticks.trades.at(-1)!.t).toBe(Date.parse('2025-11-30T00:00:00Z'));
    expect(ticks.quotes[0]!.t).toBe(Date.parse('2025-11-29T00:00:00Z'));
  });

  it('is deterministic per (seed, ticker, session) and independent of other requests', () => {
    const session = SESSIONS[5]!;
    const ticker = equities[2]!.ticker;
    const a = generateIntraday(universe, daily, { seed: SEED, session, ticker });
    generateIntraday(universe, daily, { seed: SEED, session, ticker: equities[3]!.ticker });
    expect(generateIntraday(universe, daily, { seed: SEED, session, ticker })).toEqual(a);
  });

  it('refuses unknown tickers, the index and sessions without a bar', () => {
    const session = SESSIONS[0]!;
    expect(() => generateIntraday(universe, daily, { seed: 1, session, ticker: 'NOPE' })).toThrow(RangeError);
    expect(() => generateIntraday(universe, daily, { seed: 1, session, ticker: universe.benchmark })).toThrow(
      RangeError,
    );
    const sunday = X247.sessionOn('2025-10-05')!;
    expect(() =>
      generateIntraday(universe, daily, { seed: 1, session: sunday, ticker: equities[0]!.ticker }),
    ).toThrow(RangeError);
  });
});
