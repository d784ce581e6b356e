/**
 * Corporate actions as the data really come (issue #41, ADR 0080): all 487 Pooksoft S&P 500 files
 * (Alpha Vantage TIME_SERIES_DAILY_ADJUSTED, 1999-11-01 … 2015-12-31, ../shared/data, read at run time with
 * the ingest parser; no database). Our split+dividend series must track the provider's own adjusted_close
 * within 0.5 % everywhere: adjusted_close is back-adjusted as of 2021, so what is compared is the ratio
 * adj[t] / adj[last] (ours against theirs), not the values. ~3 s.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDataPath } from '@bellwether/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjustmentFactors } from '../../src/market/ingest/adjust.js';
import { type BarParseResult, parseBars } from '../../src/market/ingest/bars.js';
import { tickerFromFileName } from '../../src/market/ingest/ticker-from-file-name.js';

const SP500 = sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'sp500');
const TOLERANCE = 0.005;

/**
 * The only days where the provider's adjusted_close steps by more than its own split and dividend columns
 * say: it applies an action the columns do not carry. TRMB's 2-for-1 of 2007 (the raw close does not move,
 * 56.09 → 56.09, yet adjusted_close halves); ZBRA's two 3-for-2 splits, applied by adjusted_close a day
 * before the row that carries split_coefficient 1.5; TMUS's 1-for-2 reverse split with MetroPCS (2013),
 * absent from split_coefficient though adjusted_close applies it beside the 8.10 distribution. No reading
 * of the columns can follow these steps; the comparison restarts after each.
 */
const PROVIDER_STEPS = new Map([
  ['TRMB', ['2007-02-23']],
  ['ZBRA', ['2003-08-21', '2004-08-25']],
  ['TMUS', ['2013-05-01']],
]);

interface Worst {
  readonly ticker: string;
  readonly date: string;
  readonly gap: number;
}

const parsed = new Map<string, BarParseResult>();
beforeAll(() => {
  for (const file of readdirSync(SP500).filter((f) => f.endsWith('.csv'))) {
    parsed.set(tickerFromFileName(file) as string, parseBars(readFileSync(join(SP500, file), 'utf8')));
  }
});

/** Our adjusted closes and the file's, one ticker. */
function closes(ticker: string) {
  const r = parsed.get(ticker) as BarParseResult;
  const f = adjustmentFactors(r.bars, r.actions, 'split_div');
  return {
    r,
    f,
    ours: r.bars.map((b, i) => b.close * (f.price[i] as number)),
    theirs: r.adjustedClose as readonly number[],
    at: (date: string) => r.bars.findIndex((b) => b.date === date),
  };
}

/** Our return across `date` against the provider's: 0 when they agree. */
function stepGap(ticker: string, date: string): number {
  const { ours, theirs, at } = closes(ticker);
  const i = at(date);
  return (
    (ours[i] as number) / (ours[i - 1] as number) / ((theirs[i] as number) / (theirs[i - 1] as number)) - 1
  );
}

describe('split+dividend adjustment over the 487 S&P 500 files', () => {
  it('parses all 487 files without an error and finds 1,740,729 bars', () => {
    expect(parsed.size).toBe(487);
    expect([...parsed].filter(([, r]) => r.errors.length > 0).map(([t]) => t)).toEqual([]);
    expect([...parsed.values()].reduce((n, r) => n + r.bars.length, 0)).toBe(1_740_729);
  });

  it('tracks the provider adjusted_close within 0.5 % on every bar of every file (adj[t] / adj[last])', () => {
    let worst: Worst = { ticker: '', date: '', gap: 0 };
    let actions = 0;
    for (const ticker of parsed.keys()) {
      const { r, ours, theirs, at } = closes(ticker);
      actions += r.actions.length;
      const cuts = (PROVIDER_STEPS.get(ticker) ?? []).map(at);
      // Segments [start, end): compared against their own last bar.
      const bounds = [0, ...cuts, r.bars.length];
      for (let s = 0; s + 1 < bounds.length; s++) {
        const start = bounds[s] as number;
        const last = (bounds[s + 1] as number) - 1;
        for (let t = start; t <= last; t++) {
          const gap = Math.abs(
            (ours[t] as number) /
              (ours[last] as number) /
              ((theirs[t] as number) / (theirs[last] as number)) -
              1,
          );
          if (gap > worst.gap) worst = { ticker, date: r.bars[t]?.date as string, gap };
        }
      }
    }
    expect(actions).toBeGreaterThan(19_000);
    expect(
      worst.gap,
      `worst: ${worst.ticker} ${worst.date}, ${(worst.gap * 100).toFixed(3)} % off the provider`,
    ).toBeLessThan(TOLERANCE);
  });

  it('the provider steps the comparison restarts at are really outside its own columns (≥ 30 % each)', () => {
    for (const [ticker, dates] of PROVIDER_STEPS) {
      for (const date of dates) {
        expect({ ticker, date, off: Math.abs(stepGap(ticker, date)) > 0.3 }).toEqual({
          ticker,
          date,
          off: true,
        });
      }
    }
  });

  it('reads every action of every file: no error issue, and names the few action days whose prices do not fit the action', () => {
    const errors: string[] = [];
    const warnings: string[] = [];
    for (const [ticker, r] of parsed) {
      for (const adjustment of ['split', 'split_div'] as const) {
        for (const issue of adjustmentFactors(r.bars, r.actions, adjustment).issues) {
          (issue.severity === 'error' ? errors : warnings).push(`${ticker} ${issue.date} ${issue.subject}`);
        }
      }
    }
    expect(errors).toEqual([]);
    expect(warnings.sort()).toEqual([
      'ANTM 2002-03-18 split', // a 2-for-1 the raw prices do not show
      'GNRC 2010-02-12 split', // IPO-era coefficient 0.3036 with the price unchanged
      'KSU 2000-07-13 dividend', // Stilwell spin-off with an unrecorded 1-for-2 reverse split
      'MSI 2011-01-04 split', // 1-for-7 with the Motorola Mobility spin-off unrecorded
      'RCL 2001-09-17 dividend', // a real −39 % day: the market reopening after 11 September
      'SO 2001-04-03 dividend', // Mirant spin-off written as a dividend and a 1.5 "split"
      'TMUS 2013-05-01 dividend', // MetroPCS: the 1-for-2 reverse split is missing
    ]);
  });
});

describe('the known cases, each read from its file', () => {
  it('KSU 2000-07-13: the 181 "dividend" against a previous close of 93.75 is read from the ex-date close 6.25', () => {
    const { f, ours, at } = closes('KSU');
    const i = at('2000-07-13');
    expect((f.price[i - 1] as number) / (f.price[i] as number)).toBeCloseTo(6.25 / (6.25 + 181), 12);
    expect(Math.abs(stepGap('KSU', '2000-07-13'))).toBeLessThan(1e-6);
    expect(ours.every((x) => x > 0 && Number.isFinite(x))).toBe(true);
    expect(f.issues).toEqual([
      expect.objectContaining({ date: '2000-07-13', severity: 'warning', value: 181 }),
    ]);
  });

  it('JCI 2007-07-02: the Covidien/TE spin-off (88.53) beside a 1-for-4 reverse split reads as the provider does', () => {
    const { f, at } = closes('JCI');
    const i = at('2007-07-02');
    // 4 old shares became one, worth 53.36 + 88.53 on the ex-date, against 4 × 33.79 the day before
    expect((f.price[i - 1] as number) / (f.price[i] as number)).toBeCloseTo(
      (53.36 / (53.36 + 88.53)) * 4,
      12,
    );
    expect(Math.abs(stepGap('JCI', '2007-07-02'))).toBeLessThan(1e-6);
    expect(f.issues).toEqual([]);
  });

  it('LDOS 2013-09-30: the SAIC spin-off (21.3549) beside a 1-for-4 reverse split reads as the provider does', () => {
    const { f, at } = closes('LDOS');
    const i = at('2013-09-30');
    expect((f.price[i - 1] as number) / (f.price[i] as number)).toBeCloseTo(
      (45.52 / (45.52 + 21.3549)) * 4,
      12,
    );
    expect(Math.abs(stepGap('LDOS', '2013-09-30'))).toBeLessThan(1e-6);
  });

  it('SO 2001-04-03: a same-day split (1.49999925, read 3/2) and dividend (13.8) scale the earlier bars once', () => {
    const { f, at } = closes('SO');
    const i = at('2001-04-03');
    // Before ADR 0080: (1 − 13.8 · 1.5 / 35.29) / 1.5 = 0.276, the dividend scaled by the split again.
    const factor = (f.price[i - 1] as number) / (f.price[i] as number);
    expect(factor).toBeCloseTo(22.1 / (22.1 + 13.8) / 1.5, 12);
    expect(Math.abs(stepGap('SO', '2001-04-03'))).toBeLessThan(1e-6);
    expect(f.volume[i - 1] as number).toBe(1.5);
  });

  it("AAPL 2014-06-09: the coefficient 7.00000700001 is read as 7 (volumes scale by exactly 7), within 1 ppm of the provider's", () => {
    const { r, f, at } = closes('AAPL');
    expect(r.actions).toContainEqual({ date: '2014-06-09', kind: 'split', value: 7.00000700001 });
    const i = at('2014-06-09');
    expect((f.volume[i - 1] as number) / (f.volume[i] as number)).toBe(7);
    expect(Math.abs(stepGap('AAPL', '2014-06-09'))).toBeLessThan(2e-6);
  });
});
