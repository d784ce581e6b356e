/**
 * Parabolic SAR and the linear-regression family vs TA-Lib C (talib npm 1.1.6; exact class, 1e-9
 * relative, floor 1), on real daily bars and several parameter sets.
 */
import { describe, expect, it } from 'vitest';
import * as t from '../../src/indicators/trend/index.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };

describe.each(fixtures())('trend vs TA-Lib on %s', (_label, b) => {
  const check = (ours: Float64Array, ref: Float64Array) => {
    const cmp = compareSeries(ours, ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  };
  it.each([
    [0.02, 0.2],
    [0.01, 0.1],
    [0.05, 0.5],
    [0.3, 0.2],
  ])('sar(acceleration %d, maximum %d)', (acc, max) => {
    const ref = talib('SAR', { high: b.high, low: b.low }, { optInAcceleration: acc, optInMaximum: max });
    check(t.sar(b.high, b.low, acc, max), ref.outReal!);
  });
  it.each([
    [{}],
    [{ startValue: 100, offsetOnReverse: 0.01 }],
    [{ startValue: -150, accelerationInitShort: 0.05, accelerationShort: 0.01, accelerationMaxShort: 0.3 }],
    [{ accelerationInitLong: 0.1, accelerationLong: 0.3, accelerationMaxLong: 0.25 }],
  ])('sarext(%o)', (opts) => {
    const o = { ...t.SAREXT_DEFAULTS, ...opts };
    const ref = talib(
      'SAREXT',
      { high: b.high, low: b.low },
      {
        optInStartValue: o.startValue,
        optInOffsetOnReverse: o.offsetOnReverse,
        optInAccelerationInitLong: o.accelerationInitLong,
        optInAccelerationLong: o.accelerationLong,
        optInAccelerationMaxLong: o.accelerationMaxLong,
        optInAccelerationInitShort: o.accelerationInitShort,
        optInAccelerationShort: o.accelerationShort,
        optInAccelerationMaxShort: o.accelerationMaxShort,
      },
    );
    check(t.sarext(b.high, b.low, opts), ref.outReal!);
  });
  it.each([2, 14, 50])('linear regression family at period %i', (period) => {
    const o = { optInTimePeriod: period };
    const x = b.close;
    check(t.linearreg(x, period), talib('LINEARREG', { inReal: x }, o).outReal!);
    check(t.linearregSlope(x, period), talib('LINEARREG_SLOPE', { inReal: x }, o).outReal!);
    check(t.linearregAngle(x, period), talib('LINEARREG_ANGLE', { inReal: x }, o).outReal!);
    check(t.linearregIntercept(x, period), talib('LINEARREG_INTERCEPT', { inReal: x }, o).outReal!);
    check(t.tsf(x, period), talib('TSF', { inReal: x }, o).outReal!);
  });
});

describe('trend properties', () => {
  it('linear regression reproduces a straight line exactly', () => {
    const x = Float64Array.from({ length: 50 }, (_, i) => 3 + 0.5 * i);
    const slope = t.linearregSlope(x, 10);
    const value = t.linearreg(x, 10);
    const fc = t.tsf(x, 10);
    for (let i = 9; i < 50; i++) {
      expect(slope[i]).toBeCloseTo(0.5, 12);
      expect(value[i]).toBeCloseTo(x[i]!, 9);
      expect(fc[i]).toBeCloseTo(x[i]! + 0.5, 9);
    }
  });
  it('SAR sits below the low in an uptrend bar and above the high in a downtrend bar (sarext sign)', () => {
    const b = fixtures()[0]![1];
    const s = t.sarext(b.high, b.low);
    for (let i = 1; i < s.length; i++) {
      if (s[i]! > 0) expect(s[i]).toBeLessThanOrEqual(b.low[i]!);
      else expect(-s[i]!).toBeGreaterThanOrEqual(b.high[i]!);
    }
  });
});
