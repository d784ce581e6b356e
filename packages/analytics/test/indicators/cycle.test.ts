/**
 * Hilbert-transform cycle indicators vs TA-Lib C (talib npm 1.1.6). Tolerance: 1e-9 relative
 * (floor 1) after TA-Lib's begIndex. HT_DCPERIOD/PHASOR/TRENDLINE/TRENDMODE agree bit for bit; the
 * phase-based ones differ by ~1e-13 because JS Math.sin/cos and the C libm round differently.
 */
import { describe, expect, it } from 'vitest';
import * as c from '../../src/indicators/cycle/index.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };

describe.each(fixtures())('Hilbert transform vs TA-Lib on %s', (_label, bars) => {
  const x = bars.close;
  const check = (ours: Float64Array, ref: Float64Array) => {
    const cmp = compareSeries(ours, ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  };
  it('ht_dcperiod', () => check(c.htDcperiod(x), talib('HT_DCPERIOD', { inReal: x }).outReal!));
  it('ht_dcphase', () => check(c.htDcphase(x), talib('HT_DCPHASE', { inReal: x }).outReal!));
  it('ht_phasor', () => {
    const ours = c.htPhasor(x);
    const ref = talib('HT_PHASOR', { inReal: x });
    check(ours.inphase, ref.outInPhase!);
    check(ours.quadrature, ref.outQuadrature!);
  });
  it('ht_sine', () => {
    const ours = c.htSine(x);
    const ref = talib('HT_SINE', { inReal: x });
    check(ours.sine, ref.outSine!);
    check(ours.leadsine, ref.outLeadSine!);
  });
  it('ht_trendline', () => check(c.htTrendline(x), talib('HT_TRENDLINE', { inReal: x }).outReal!));
  it('ht_trendmode', () => check(c.htTrendmode(x), talib('HT_TRENDMODE', { inReal: x }).outInteger!));
});

describe('Hilbert transform properties', () => {
  const bars = fixtures()[1]![1];
  it('dominant cycle period stays within TA-Lib clamps [6, 50] after warm-up', () => {
    const p = c.htDcperiod(bars.close);
    for (let i = 100; i < p.length; i++) {
      expect(p[i]).toBeGreaterThanOrEqual(6 * 0.33 * 0.2);
      expect(p[i]).toBeLessThanOrEqual(50);
    }
  });
  it('sine and lead sine lie in [-1, 1]; trend mode is 0 or 1', () => {
    const s = c.htSine(bars.close);
    const t = c.htTrendmode(bars.close);
    for (let i = 63; i < bars.close.length; i++) {
      expect(Math.abs(s.sine[i]!)).toBeLessThanOrEqual(1);
      expect(Math.abs(s.leadsine[i]!)).toBeLessThanOrEqual(1);
      expect([0, 1]).toContain(t[i]);
    }
  });
  it('a pure 20-bar sine wave is measured as a ~20-bar cycle', () => {
    const x = Float64Array.from({ length: 400 }, (_, i) => 100 + Math.sin((2 * Math.PI * i) / 20));
    const p = c.htDcperiod(x);
    expect(p[399]).toBeGreaterThan(18);
    expect(p[399]).toBeLessThan(22);
  });
});
