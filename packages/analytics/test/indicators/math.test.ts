/**
 * Math transforms and operators vs TA-Lib C (talib npm 1.1.6, differential oracle). Tolerance: exact
 * class, |a-b| <= 1e-9 · max(|b|, 1) after TA-Lib's begIndex; NaN positions must agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as m from '../../src/indicators/math/index.js';
import { compareSeries, talib } from '../support/talib-oracle.js';
import { fixtures } from './fixtures.js';

const TOL = { relTol: 1e-9 };
const UNARY = {
  acos: m.acos,
  asin: m.asin,
  atan: m.atan,
  ceil: m.ceil,
  cos: m.cos,
  cosh: m.cosh,
  exp: m.exp,
  floor: m.floor,
  ln: m.ln,
  log10: m.log10,
  sin: m.sin,
  sinh: m.sinh,
  sqrt: m.sqrt,
  tan: m.tan,
  tanh: m.tanh,
} as const;
const BINARY = { add: m.add, sub: m.sub, mult: m.mult, div: m.div } as const;
const unary = Object.keys(UNARY) as (keyof typeof UNARY)[];
const binary = Object.keys(BINARY) as (keyof typeof BINARY)[];

describe.each(fixtures())('math vs TA-Lib on %s', (_label, bars) => {
  // Scale into [-1, 1] so ACOS/ASIN are inside their domain, and keep EXP/COSH/SINH finite.
  const top = Math.max(...bars.close);
  const unit = bars.close.map((v) => (2 * v) / top - 1);

  it.each(unary)('%s matches TA-Lib element-wise', (code) => {
    const input = code === 'ln' || code === 'log10' || code === 'sqrt' ? bars.close : unit;
    const ours = UNARY[code](input);
    const ref = talib(code, { inReal: input }).outReal!;
    const cmp = compareSeries(ours, ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });

  it.each(binary)('%s(high, low) matches TA-Lib', (code) => {
    const ref = talib(code, { inReal0: bars.high, inReal1: bars.low }).outReal!;
    const cmp = compareSeries(BINARY[code](bars.high, bars.low), ref, TOL);
    expect(cmp.ok, cmp.detail).toBe(true);
  });

  it.each([2, 5, 30, 200])('max/min/sum/minmax at period %i match TA-Lib', (period) => {
    const o = { optInTimePeriod: period };
    const x = bars.close;
    for (const [ours, ref] of [
      [m.max(x, period), talib('MAX', { inReal: x }, o).outReal!],
      [m.min(x, period), talib('MIN', { inReal: x }, o).outReal!],
      [m.sum(x, period), talib('SUM', { inReal: x }, o).outReal!],
      [m.minmax(x, period).min, talib('MINMAX', { inReal: x }, o).outMin!],
      [m.minmax(x, period).max, talib('MINMAX', { inReal: x }, o).outMax!],
    ] as const) {
      const cmp = compareSeries(ours, ref, TOL);
      expect(cmp.ok, cmp.detail).toBe(true);
    }
  });

  it.each([2, 5, 30, 200])('index functions at period %i equal TA-Lib exactly (incl. ties)', (period) => {
    const o = { optInTimePeriod: period };
    // Rounded closes create many ties, which is where TA-Lib's rescan rule matters.
    const x = bars.close.map((v) => Math.round(v));
    const mmi = m.minmaxindex(x, period);
    const refMmi = talib('MINMAXINDEX', { inReal: x }, o);
    expect(Array.from(m.maxindex(x, period))).toEqual(
      Array.from(talib('MAXINDEX', { inReal: x }, o).outInteger!),
    );
    expect(Array.from(m.minindex(x, period))).toEqual(
      Array.from(talib('MININDEX', { inReal: x }, o).outInteger!),
    );
    expect(Array.from(mmi.minidx)).toEqual(Array.from(refMmi.outMinIdx!));
    expect(Array.from(mmi.maxidx)).toEqual(Array.from(refMmi.outMaxIdx!));
  });
});

describe('math properties', () => {
  const arr = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 });
  it('min ≤ value ≤ max over every window, and maxindex points at the max', () => {
    fc.assert(
      fc.property(arr, fc.integer({ min: 2, max: 20 }), (xs, period) => {
        const x = Float64Array.from(xs);
        const hi = m.max(x, period);
        const lo = m.min(x, period);
        const idx = m.maxindex(x, period);
        for (let i = period - 1; i < x.length; i++) {
          for (let j = i - period + 1; j <= i; j++) {
            if (x[j]! > hi[i]! || x[j]! < lo[i]!) return false;
          }
          if (x[idx[i]!] !== hi[i] || idx[i]! < i - period + 1 || idx[i]! > i) return false;
        }
        return true;
      }),
    );
  });
  it('sub(add(a, b), b) recovers a within rounding', () => {
    fc.assert(
      fc.property(arr, (xs) => {
        const a = Float64Array.from(xs);
        const b = a.map((v) => v * 0.5 + 1);
        const back = m.sub(m.add(a, b), b);
        return back.every((v, i) => Math.abs(v - a[i]!) <= 1e-9 * Math.max(1, Math.abs(a[i]!)));
      }),
    );
  });
  it('rejects a period below 2 and mismatched lengths', () => {
    expect(() => m.max(new Float64Array(5), 1)).toThrow(RangeError);
    expect(() => m.add(new Float64Array(3), new Float64Array(4))).toThrow(RangeError);
  });
});
