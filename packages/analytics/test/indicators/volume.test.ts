/**
 * Volume indicators. Sources and tolerances:
 * - TA-Lib C via talib npm 1.1.6 (OBV, AD, ADOSC): 1e-9 relative, floor 1.
 * - Stock.Indicators results on quotes/default.csv (obv, adl, chaikin-osc, cmf, vwap, force, kvo, pvo;
 *   calls in results_params.tsv): 1e-9 relative, floor 1, from the bar stated where seeds differ.
 * - Independent closed forms in this file (nvi/pvi/vpt/eom on a hand-checkable series).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as vol from '../../src/indicators/volume/index.js';
import { rollingVwap } from '../../src/indicators/volume/vwap/vwap.js';
import { VWAP_META } from '../../src/indicators/volume/vwap/vwap.meta.js';
import { validateParams } from '../../src/registry/validate.js';
import { defaultQuotes, stockIndicatorsResult } from '../support/stock-indicators.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

function expectClose(ours: Float64Array, ref: Float64Array, from = 0): void {
  const cmp = compareSeries(ours, ref, { relTol: 1e-9, from });
  expect(cmp.ok, cmp.detail).toBe(true);
}

describe.each(fixtures())('volume vs TA-Lib on %s', (_label, b) => {
  const hlcv = { high: b.high, low: b.low, close: b.close, volume: b.volume };
  it('obv', () =>
    expectClose(vol.obv(b.close, b.volume), talib('OBV', { inReal: b.close, volume: b.volume }).outReal!));
  it('ad', () => expectClose(vol.ad(b.high, b.low, b.close, b.volume), talib('AD', hlcv).outReal!));
  it.each([
    [3, 10],
    [12, 5],
    [2, 30],
  ])('adosc(%i, %i)', (fast, slow) => {
    const ref = talib('ADOSC', hlcv, { optInFastPeriod: fast, optInSlowPeriod: slow }).outReal!;
    expectClose(vol.adosc(b.high, b.low, b.close, b.volume, fast, slow), ref);
  });
});

describe('volume vs Stock.Indicators golden series (default.csv)', () => {
  const q = defaultQuotes();
  const { high: h, low: l, close: c, volume: v } = q;
  const exp = (file: string, field: string) => stockIndicatorsResult(file, q).series(field);
  it("obv = ToObv() plus TA-Lib's starting volume (Stock.Indicators starts at 0)", () => {
    expectClose(
      vol.obv(c, v).map((x) => x - v[0]!),
      exp('obv', 'obv'),
    );
  });
  it('ad = ToAdl().adl', () => expectClose(vol.ad(h, l, c, v), exp('adl', 'adl')));
  it('adosc(3, 10) = ToChaikinOsc(3, 10) once the different EMA seeds have decayed (bar ≥ 200)', () => {
    expectClose(vol.adosc(h, l, c, v, 3, 10), exp('chaikin-osc', 'oscillator'), 200);
  });
  it('cmf(20) = ToCmf(20).cmf', () => expectClose(vol.cmf(h, l, c, v, 20), exp('cmf', 'cmf')));
  it('vwap = ToVwap() (cumulative)', () => expectClose(vol.vwap(h, l, c, v), exp('vwap', 'vwap')));
  it('force(2) = ToForceIndex() (2 bars)', () => expectClose(vol.force(c, v, 2), exp('force', 'forceIndex')));
  it('kvo(34, 55, 13) = ToKvo(34, 55, 13) (oscillator from our common lookback, bar 68)', () => {
    const k = vol.kvo(h, l, c, v, 34, 55, 13);
    expectClose(k.kvo, exp('kvo', 'oscillator'), 68);
    expectClose(k.signal, exp('kvo', 'signal'));
  });
  it('pvo(12, 26, 9) = ToPvo(12, 26, 9) (pvo from our common lookback, bar 33)', () => {
    const p = vol.pvo(v, 12, 26, 9);
    expectClose(p.pvo, exp('pvo', 'pvo'), 33);
    expectClose(p.signal, exp('pvo', 'signal'));
    expectClose(p.histogram, exp('pvo', 'histogram'));
  });
});

describe('volume closed forms and properties', () => {
  const close = Float64Array.from([10, 11, 10.5, 10.5, 12]);
  const volume = Float64Array.from([100, 200, 150, 150, 300]);
  it('nvi and pvi compound only on falling / rising volume', () => {
    // bar 2: volume falls, close -4.545…%; bars 1 and 4: volume rises (+10%, +14.285…%)
    expect(Array.from(vol.nvi(close, volume))).toEqual([
      1000,
      1000,
      1000 * (10.5 / 11),
      1000 * (10.5 / 11),
      1000 * (10.5 / 11),
    ]);
    const pvi = vol.pvi(close, volume);
    expect(pvi[4]).toBeCloseTo(1000 * 1.1 * (12 / 10.5), 9);
    expect(pvi[3]).toBeCloseTo(1100, 9);
  });
  it('vpt accumulates volume × fractional change', () => {
    const out = vol.vpt(close, volume);
    expect(out[0]).toBe(0);
    expect(out[4]).toBeCloseTo(200 * 0.1 + 150 * (-0.5 / 11) + 0 + 300 * (1.5 / 10.5), 9);
  });
  it('vwap with session anchors restarts at each anchor', () => {
    const h = Float64Array.from([3, 6, 9, 12]);
    const w = vol.vwap(h, h, h, Float64Array.from([1, 3, 1, 1]), 0, [true, false, true, false]);
    expect(Array.from(w)).toEqual([3, (3 + 18) / 4, 9, (9 + 12) / 2]);
    expect(Array.from(vol.vwap(h, h, h, Float64Array.from([1, 3, 1, 1]), 2))).toEqual(Array.from(w));
  });
  // Issue #26: the catalogue's `vwap` on daily bars cumulated every bar since the first stored one.
  it('catalogue vwap defaults to a rolling 20-bar VWAP of the typical price; period=0 is cumulative, reset_every anchored', () => {
    const q = defaultQuotes();
    const inputs = { high: q.high, low: q.low, close: q.close, volume: q.volume };
    const params = (raw: Record<string, number>) => {
      const v = validateParams(VWAP_META.params, raw);
      if (!v.ok) throw new Error(JSON.stringify(v.errors));
      return v.params;
    };
    const byDefault = VWAP_META.compute(inputs, params({})).vwap!;
    expect(VWAP_META.lookback(params({}))).toBe(19);
    // Σ (H+L+C)/3 · V / Σ V over the 20 bars ending at each bar, summed directly.
    const direct = Float64Array.from(q.close, (_, i) => {
      if (i < 19) return Number.NaN;
      let pv = 0;
      let v = 0;
      for (let k = i - 19; k <= i; k++) {
        pv += ((q.high[k]! + q.low[k]! + q.close[k]!) / 3) * q.volume[k]!;
        v += q.volume[k]!;
      }
      return pv / v;
    });
    expectClose(byDefault, direct);
    expectClose(rollingVwap(q.high, q.low, q.close, q.volume, 20), direct);
    expectClose(
      VWAP_META.compute(inputs, params({ period: 0 })).vwap!,
      vol.vwap(q.high, q.low, q.close, q.volume),
    );
    expectClose(
      VWAP_META.compute(inputs, params({ reset_every: 50 })).vwap!,
      vol.vwap(q.high, q.low, q.close, q.volume, 50),
    );
    expect(VWAP_META.lookback(params({ reset_every: 50 }))).toBe(0);
  });
  it('rolling vwap is NaN where its window has no volume', () => {
    const x = Float64Array.from([1, 2, 3, 4]);
    const out = rollingVwap(x, x, x, Float64Array.from([5, 0, 0, 1]), 2);
    expect(Array.from(out)).toEqual([Number.NaN, 1, Number.NaN, 4]);
  });
  it('cmf lies in [-1, 1] and obv moves by exactly the bar volume', () => {
    const bar = fc.record({
      m: fc.double({ min: 1, max: 1000, noNaN: true }),
      r: fc.double({ min: 0, max: 0.1, noNaN: true }),
      k: fc.double({ min: 0, max: 1, noNaN: true }),
      v: fc.integer({ min: 0, max: 1e7 }),
    });
    fc.assert(
      fc.property(fc.array(bar, { minLength: 2, maxLength: 120 }), (bars) => {
        const high = Float64Array.from(bars, (x) => x.m * (1 + x.r));
        const low = Float64Array.from(bars, (x) => x.m * (1 - x.r));
        const cl = Float64Array.from(bars, (x, i) => low[i]! + x.k * (high[i]! - low[i]!));
        const vv = Float64Array.from(bars, (x) => x.v);
        const f = vol.cmf(high, low, cl, vv, 5);
        const o = vol.obv(cl, vv);
        for (let i = 1; i < o.length; i++)
          if (Math.abs(o[i]! - o[i - 1]!) !== (cl[i] === cl[i - 1] ? 0 : vv[i])) return false;
        return f.every((x) => Number.isNaN(x) || Math.abs(x) <= 1 + 1e-12);
      }),
    );
  });
});
