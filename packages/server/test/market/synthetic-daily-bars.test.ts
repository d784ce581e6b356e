import { describe, expect, it } from 'vitest';
import { xnysIsTradingDay } from '../../src/market/calendar/xnys.js';
import {
  autocorrelation,
  correlation,
  type DailyBar,
  generateDailyBars,
  generateUniverse,
  mean,
  stdev,
  totalReturns,
} from '../../src/market/synthetic/index.js';

function xnysDates(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t).toISOString().slice(0, 10);
    if (xnysIsTradingDay(d)) out.push(d);
  }
  return out;
}

// Three years, three companies in each of the eleven sectors, one crypto asset.
const SEED = 11;
const DATES = xnysDates('2022-01-01', '2024-12-31');
const universe = generateUniverse({ seed: SEED, tickers: 33, crypto: 1 });
const daily = generateDailyBars(universe, { seed: SEED, sessions: DATES });
const equities = universe.instruments.filter((i) => i.asset_class === 'equity');
const returns = new Map(
  universe.instruments.map((i) => [i.ticker, totalReturns(i.ticker, daily.bars[i.ticker]!, daily.actions)]),
);

// Twenty years of a smaller universe, for corporate actions.
const LONG_DATES = xnysDates('2006-11-20', '2026-11-20');
const longUniverse = generateUniverse({ seed: SEED, tickers: 12 });
const longDaily = generateDailyBars(longUniverse, { seed: SEED, sessions: LONG_DATES });

/** Whether a price is a whole number of ticks of 10^−decimals (cents for equities and the index). */
const onGrid = (x: number, decimals: number): boolean =>
  Math.abs(x * 10 ** decimals - Math.round(x * 10 ** decimals)) < 1e-6;

function expectConsistent(bar: DailyBar, decimals: number): void {
  expect(bar.low).toBeGreaterThan(0);
  expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
  expect(Math.max(bar.open, bar.close)).toBeLessThanOrEqual(bar.high);
  expect([bar.open, bar.high, bar.low, bar.close].every((p) => onGrid(p, decimals))).toBe(true);
  expect(Number.isInteger(bar.volume) && bar.volume > 0).toBe(true);
}

describe('synthetic daily bars', () => {
  it('keeps low ≤ min(open, close) ≤ max(open, close) ≤ high, prices on the grid (cents for equities) and whole volumes on every bar', () => {
    let count = 0;
    for (const [u, result] of [
      [universe, daily],
      [longUniverse, longDaily],
    ] as const) {
      for (const inst of u.instruments) {
        const d = inst.model.price_decimals;
        expect(d).toBe(inst.asset_class === 'crypto' ? d : 2);
        for (const bar of result.bars[inst.ticker]!) {
          // expect() per bar is slow; check cheaply and only assert in detail on a failure.
          const ok =
            bar.low > 0 &&
            bar.low <= Math.min(bar.open, bar.close) &&
            Math.max(bar.open, bar.close) <= bar.high &&
            onGrid(bar.open, d) &&
            onGrid(bar.high, d) &&
            onGrid(bar.low, d) &&
            onGrid(bar.close, d) &&
            Number.isInteger(bar.volume) &&
            bar.volume > 0;
          if (!ok) expectConsistent(bar, d);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(80_000);
  });

  it('leaves room for a quote inside every equity bar: high·(1 − h) ≥ low·(1 + h)', () => {
    for (const inst of equities) {
      const h = inst.model.half_spread;
      for (const bar of daily.bars[inst.ticker]!) {
        if (bar.high * (1 - h) < bar.low * (1 + h)) expect.fail(`${inst.ticker} ${bar.date}`);
      }
    }
  });

  it('follows the exchange sessions for equities and the benchmark, and every calendar day for crypto', () => {
    for (const inst of universe.instruments) {
      const dates = daily.bars[inst.ticker]!.map((b) => b.date);
      if (inst.asset_class === 'crypto') {
        expect(dates[0]).toBe(DATES[0]);
        expect(dates.at(-1)).toBe(DATES.at(-1));
        expect(dates.length).toBe((Date.parse(DATES.at(-1)!) - Date.parse(DATES[0]!)) / 86_400_000 + 1);
      } else {
        expect(dates).toEqual(DATES);
      }
    }
  });

  it('gives every equity an annualised daily-return volatility within the declared 15%–60%', () => {
    for (const inst of equities) {
      const vol = stdev(returns.get(inst.ticker)!) * Math.sqrt(252);
      expect(vol, inst.ticker).toBeGreaterThan(0.15);
      expect(vol, inst.ticker).toBeLessThan(0.6);
    }
    const index = stdev(returns.get(universe.benchmark)!) * Math.sqrt(252);
    expect(index).toBeGreaterThan(0.1);
    expect(index).toBeLessThan(0.3);
    const crypto = universe.instruments.find((i) => i.asset_class === 'crypto')!;
    const cryptoVol = stdev(returns.get(crypto.ticker)!) * Math.sqrt(365);
    expect(cryptoVol).toBeGreaterThan(0.4);
    expect(cryptoVol).toBeLessThan(1.2);
  });

  it('correlates companies of one sector more than companies of different sectors, both in declared ranges', () => {
    const within: number[] = [];
    const across: number[] = [];
    for (let i = 0; i < equities.length; i++) {
      for (let j = i + 1; j < equities.length; j++) {
        const c = correlation(returns.get(equities[i]!.ticker)!, returns.get(equities[j]!.ticker)!);
        (equities[i]!.sector === equities[j]!.sector ? within : across).push(c);
      }
    }
    const w = mean(within);
    const a = mean(across);
    expect(w).toBeGreaterThan(0.3);
    expect(w).toBeLessThan(0.65);
    expect(a).toBeGreaterThan(0.1);
    expect(a).toBeLessThan(0.45);
    expect(w - a).toBeGreaterThan(0.08);
  });

  it('moves the cap-weighted benchmark with the equal-weighted average of its constituents', () => {
    const equal = new Float64Array(DATES.length);
    for (const inst of equities) {
      const r = returns.get(inst.ticker)!;
      for (let t = 0; t < DATES.length; t++) equal[t]! += r[t]! / equities.length;
    }
    expect(correlation(equal, returns.get(universe.benchmark)!)).toBeGreaterThan(0.85);
  });

  it('clusters volatility: |r| is autocorrelated at lag 1, significantly above zero across tickers', () => {
    const acf = equities.map((i) => autocorrelation(returns.get(i.ticker)!.map(Math.abs), 1));
    const n = DATES.length - 1;
    // Under no clustering each estimate has standard error ≈ 1/√n; the mean of N has 1/√(nN).
    const z = mean(acf) * Math.sqrt(n * acf.length);
    expect(z).toBeGreaterThan(6);
    expect(mean(acf)).toBeGreaterThan(0.03);
    expect(autocorrelation(returns.get(universe.benchmark)!.map(Math.abs), 1)).toBeGreaterThan(
      3 / Math.sqrt(n),
    );
    // Returns themselves stay close to serially uncorrelated (only the bid-ask bounce remains).
    expect(Math.abs(mean(equities.map((i) => autocorrelation(returns.get(i.ticker)!, 1))))).toBeLessThan(
      0.06,
    );
  });

  it('gaps overnight: most opens differ from the previous close', () => {
    for (const inst of equities) {
      const bars = daily.bars[inst.ticker]!;
      let gaps = 0;
      for (let t = 1; t < bars.length; t++) if (bars[t]!.open !== bars[t - 1]!.close) gaps++;
      expect(gaps / (bars.length - 1), inst.ticker).toBeGreaterThan(0.7);
    }
  });

  it('raises volume with |return| and with volatility', () => {
    const byMove: number[] = [];
    for (const inst of equities) {
      const r = returns.get(inst.ticker)!;
      const logVolume = daily.bars[inst.ticker]!.map((b) => Math.log(b.volume));
      byMove.push(correlation(r.map(Math.abs), logVolume));
    }
    expect(mean(byMove)).toBeGreaterThan(0.15);
    expect(Math.min(...byMove)).toBeGreaterThan(0);
    // Volatility regime: log volume against the trailing 21-session realised volatility.
    const byRegime = equities.map((inst) => {
      const r = returns.get(inst.ticker)!;
      const regime = new Float64Array(r.length).fill(Number.NaN);
      for (let t = 22; t < r.length; t++) regime[t] = stdev(r.subarray(t - 21, t));
      return correlation(
        regime,
        Float64Array.from(daily.bars[inst.ticker]!, (b) => Math.log(b.volume)),
      );
    });
    expect(mean(byRegime)).toBeGreaterThan(0.1);
  });

  it('splits: the raw close jumps by about the ratio on the ex-date, and splits happen when the price is high', () => {
    const splits = longDaily.actions.filter((a) => a.kind === 'split');
    expect(splits.length).toBeGreaterThan(0);
    for (const s of splits) {
      const bars = longDaily.bars[s.ticker]!;
      const t = bars.findIndex((b) => b.date === s.date);
      expect(t).toBeGreaterThan(0);
      const jump = bars[t - 1]!.close / bars[t]!.close;
      // The day's own move (a few %) blurs the jump; a tenth of the ratio is far beyond it.
      expect(Math.abs(Math.log(jump / s.ratio)), `${s.ticker} ${s.date}`).toBeLessThan(0.15);
      const model = longUniverse.instruments.find((i) => i.ticker === s.ticker)!.model;
      if (s.ratio > 1) expect(bars[t - 1]!.close).toBeGreaterThan(model.split_above! * 0.95);
      else expect(bars[t - 1]!.close).toBeLessThan(2.1);
    }
  });

  it('pays quarterly dividends for payers only, on ex-dates in their dividend months, one per quarter', () => {
    for (const inst of longUniverse.instruments) {
      const divs = longDaily.actions.filter((a) => a.ticker === inst.ticker && a.kind === 'dividend');
      if (inst.model.dividend_yield === 0) {
        expect(divs).toEqual([]);
        continue;
      }
      expect(divs.length).toBeGreaterThan(70);
      const months = divs.map((d) => d.date.slice(0, 7));
      expect(new Set(months).size).toBe(months.length);
      const sessions = new Set(longDaily.bars[inst.ticker]!.map((b) => b.date));
      for (const d of divs) {
        expect(inst.model.dividend_months).toContain(Number(d.date.slice(5, 7)));
        expect(sessions.has(d.date)).toBe(true);
        if (d.kind === 'dividend') expect(d.amount).toBeGreaterThan(0);
      }
    }
  });

  it('drops the raw price by about the dividend on the ex-date (the total return stays ordinary)', () => {
    const exDays: number[] = [];
    for (const inst of longUniverse.instruments) {
      const r = totalReturns(inst.ticker, longDaily.bars[inst.ticker]!, longDaily.actions);
      const dates = longDaily.bars[inst.ticker]!.map((b) => b.date);
      for (const a of longDaily.actions) if (a.ticker === inst.ticker) exDays.push(r[dates.indexOf(a.date)]!);
    }
    // Ex-date total returns are ordinary days: no systematic drop once the dividend is added back.
    expect(Math.abs(mean(exDays))).toBeLessThan(0.005);
    expect(stdev(exDays)).toBeLessThan(0.05);
  });

  it('sorts actions by date', () => {
    const dates = longDaily.actions.map((a) => a.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('rejects sessions that are not strictly increasing dates', () => {
    expect(() => generateDailyBars(universe, { seed: 1, sessions: ['2024-01-03', '2024-01-02'] })).toThrow(
      RangeError,
    );
    expect(() => generateDailyBars(universe, { seed: 1, sessions: ['2024-13-01'] })).toThrow(RangeError);
    expect(() => generateDailyBars(universe, { seed: 1, sessions: ['2024-02-30'] })).toThrow(RangeError);
    expect(() => generateDailyBars(universe, { seed: -1, sessions: [] })).toThrow(RangeError);
  });
});
