import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amihudIlliquidity, kyleLambda, turnover, zeroReturnShare } from '../../src/microstructure/index.js';

describe('amihudIlliquidity', () => {
  it('hand value: mean of |r|/(C·V) per $1M over the window', () => {
    const close = Float64Array.from([10, 11, 9.9]);
    const volume = Float64Array.from([5, 100, 200]);
    // day 1: |11/10 − 1| / (11·100) = 0.1/1100; day 2: |9.9/11 − 1| / (9.9·200) = 0.1/1980.
    const expected = ((0.1 / 1100 + 0.1 / 1980) / 2) * 1e6;
    const out = amihudIlliquidity(close, volume, { window: 2 });
    expect(out[0]).toBeNaN();
    expect(out[1]).toBeNaN();
    expect(out[2]).toBeCloseTo(expected, 10);
  });

  it('skips zero-volume days instead of dividing by zero', () => {
    const close = Float64Array.from([10, 11, 12]);
    const volume = Float64Array.from([1, 0, 100]);
    const out = amihudIlliquidity(close, volume, { window: 2, scale: 1 });
    expect(out[2]).toBeCloseTo(Math.abs(12 / 11 - 1) / 1200, 15);
  });
});

describe('kyleLambda', () => {
  it('recovers λ exactly when returns are λ × signed dollar volume', () => {
    // Construct r_t first, then set V_t = |r_t| / (λ·C_t) so that r_t = λ·sign(r_t)·C_t·V_t holds exactly.
    const lambda = 2.5e-9;
    const r = [0.01, -0.02, 0.005, 0.015, -0.01, -0.004, 0.02, -0.015, 0.007, 0.012];
    const close = [100];
    for (const x of r) close.push(close[close.length - 1]! * Math.exp(x));
    const volume = close.map((c, i) => (i === 0 ? 1 : Math.abs(r[i - 1]!) / (lambda * c)));
    const out = kyleLambda(Float64Array.from(close), Float64Array.from(volume), { window: 10, scale: 1 });
    expect(out[10]! / lambda).toBeCloseTo(1, 10);
    expect(out[9]).toBeNaN();
  });

  it('sqrt transform regresses on signed √(dollar volume)', () => {
    const lambda = 1e-5;
    const r = [0.01, -0.02, 0.005, 0.015, -0.01, -0.004];
    const close = [50];
    for (const x of r) close.push(close[close.length - 1]! * Math.exp(x));
    const volume = close.map((c, i) => (i === 0 ? 1 : (r[i - 1]! / lambda) ** 2 / c));
    const out = kyleLambda(Float64Array.from(close), Float64Array.from(volume), {
      window: 6,
      transform: 'sqrt',
      scale: 1,
    });
    expect(out[6]! / lambda).toBeCloseTo(1, 9);
  });
});

describe('turnover and zeroReturnShare', () => {
  it('turnover: rolling mean of volume / shares outstanding, constant or per bar', () => {
    const v = Float64Array.from([100, 200, 300, 400]);
    expect(Array.from(turnover(v, 1000, { window: 2 }))).toEqual([
      Number.NaN,
      expect.closeTo(0.15, 15),
      expect.closeTo(0.25, 15),
      expect.closeTo(0.35, 15),
    ]);
    const so = Float64Array.from([1000, 1000, 2000, 2000]);
    expect(turnover(v, so, { window: 1 })[3]).toBe(0.2);
  });

  it('zeroReturnShare counts unchanged closes (with a tolerance)', () => {
    const c = Float64Array.from([10, 10, 10.01, 10.01, 10.5]);
    expect(zeroReturnShare(c, { window: 4 })[4]).toBe(0.5);
    expect(zeroReturnShare(c, { window: 4, tolerance: 0.015 })[4]).toBe(0.75);
  });

  it('zeroReturnShare lies in [0, 1] and is 1 for a constant price', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 6, maxLength: 40 }), (xs) => {
        const out = zeroReturnShare(Float64Array.from(xs), { window: 5 });
        for (let i = 5; i < out.length; i++) {
          expect(out[i]).toBeGreaterThanOrEqual(0);
          expect(out[i]).toBeLessThanOrEqual(1);
        }
      }),
    );
    expect(zeroReturnShare(new Float64Array(10).fill(7), { window: 5 })[9]).toBe(1);
  });
});
