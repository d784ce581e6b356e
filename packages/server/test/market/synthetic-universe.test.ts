import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARK_TICKER, generateUniverse, SECTOR_PROFILES } from '../../src/market/synthetic/index.js';

// The real S&P 500 constituents (Pooksoft/PooksoftSP500EquityPriceDataSet, 2021-05-01 snapshot) in the
// shared data folder beside the repository.
const CONSTITUENTS = resolve(
  import.meta.dirname,
  '../../../../../shared/data/Pooksoft__PooksoftSP500EquityPriceDataSet/constituents.csv',
);

describe('synthetic universe', () => {
  it('invents 3–4 letter equity tickers, never a real S&P 500 constituent, across seeds', () => {
    if (!existsSync(CONSTITUENTS)) throw new Error(`shared data file missing: ${CONSTITUENTS}`);
    const real = new Set(
      readFileSync(CONSTITUENTS, 'utf8')
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.split(',')[0]!)
        .filter((t) => t !== ''),
    );
    expect(real.size).toBeGreaterThan(500);
    for (const seed of [0, 1, 2, 3, 42, 20261121]) {
      const u = generateUniverse({ seed, tickers: 300, crypto: 5 });
      const tickers = u.instruments.map((i) => i.ticker);
      expect(new Set(tickers).size).toBe(tickers.length);
      for (const inst of u.instruments) {
        if (inst.asset_class === 'equity') expect(inst.ticker).toMatch(/^[A-Z]{3,4}$/);
        if (inst.asset_class === 'crypto') expect(inst.ticker).toMatch(/^[A-Z]{3,4}-USD$/);
        expect(real.has(inst.ticker.replace(/-USD$/, ''))).toBe(false);
      }
    }
  });

  it('lists equities on XNYS in USD, crypto on the 24/7 calendar, and the benchmark index last', () => {
    const u = generateUniverse({ seed: 4, tickers: 20, crypto: 2 });
    expect(u.instruments.map((i) => i.asset_class)).toEqual([
      ...Array<string>(20).fill('equity'),
      'crypto',
      'crypto',
      'index',
    ]);
    for (const inst of u.instruments) {
      expect(inst.currency).toBe('USD');
      if (inst.asset_class === 'crypto') {
        expect(inst).toMatchObject({ exchange: null, calendar: '24x7', sector: 'crypto' });
      } else {
        expect(inst).toMatchObject({ exchange: 'XNYS', calendar: 'XNYS' });
      }
    }
    expect(u.benchmark).toBe(BENCHMARK_TICKER);
    expect(u.instruments.at(-1)).toMatchObject({ ticker: 'SYNX', asset_class: 'index' });
  });

  it('deals equities round-robin into the chosen sectors', () => {
    const all = generateUniverse({ seed: 4, tickers: 22 });
    for (const s of SECTOR_PROFILES) {
      expect(all.instruments.filter((i) => i.sector === s.id)).toHaveLength(2);
    }
    expect(all.sectors.map((s) => s.id)).toEqual(SECTOR_PROFILES.map((s) => s.id));
    const three = generateUniverse({ seed: 4, tickers: 7, sectors: 3 });
    expect(new Set(three.instruments.filter((i) => i.asset_class === 'equity').map((i) => i.sector))).toEqual(
      new Set(['technology', 'health_care', 'financials']),
    );
    const named = generateUniverse({ seed: 4, tickers: 4, sectors: ['energy', 'utilities'] });
    expect(named.sectors.map((s) => s.id)).toEqual(['energy', 'utilities']);
  });

  it('draws model parameters in their documented ranges', () => {
    const u = generateUniverse({ seed: 8, tickers: 200 });
    for (const inst of u.instruments.filter((i) => i.asset_class === 'equity')) {
      const m = inst.model;
      expect(m.half_spread).toBeGreaterThanOrEqual(0.0001);
      expect(m.half_spread).toBeLessThanOrEqual(0.004);
      expect(m.initial_price).toBeGreaterThanOrEqual(15);
      expect(m.initial_price).toBeLessThan(250);
      expect(Number.isInteger(m.shares_outstanding)).toBe(true);
      expect(m.dividend_months.length === 0).toBe(m.dividend_yield === 0);
      for (const month of m.dividend_months) expect(month >= 1 && month <= 12).toBe(true);
    }
    const payers = u.instruments.filter((i) => i.model.dividend_yield > 0).length;
    expect(payers).toBeGreaterThan(80);
    expect(payers).toBeLessThan(190);
  });

  it('rejects invalid sizes, sectors and seeds', () => {
    expect(() => generateUniverse({ seed: 1, tickers: 0 })).toThrow(RangeError);
    expect(() => generateUniverse({ seed: 1, tickers: 2.5 })).toThrow(RangeError);
    expect(() => generateUniverse({ seed: 1, tickers: 5, crypto: -1 })).toThrow(RangeError);
    expect(() => generateUniverse({ seed: 1, tickers: 5, sectors: 12 })).toThrow(RangeError);
    expect(() => generateUniverse({ seed: 1, tickers: 5, sectors: ['bananas'] })).toThrow(RangeError);
    expect(() => generateUniverse({ seed: 1.5, tickers: 5 })).toThrow(RangeError);
  });
});
