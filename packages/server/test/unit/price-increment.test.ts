import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atIncrement, priceIncrement, zeroIfNoise } from '../../src/market/reference/price-increment.js';

const decimalsOf = (x: number) => (String(x).split('.')[1] ?? '').length;

describe('price levels at their quote increment (issue #26)', () => {
  it('writes the levels a float sum leaves ragged as the market quotes them', () => {
    expect(atIncrement(118.34599999999989)).toBe(118.35);
    expect(atIncrement(197.57812500000003)).toBe(197.58);
    expect(atIncrement(0.123456789)).toBe(0.1235);
    expect(atIncrement(12.340000000000003, 188.64)).toBe(12.34);
    expect(atIncrement(-0.0000001)).toBe(0);
    expect(Object.is(atIncrement(-0.00001), 0)).toBe(true);
  });

  it('is within half an increment, on the grid, and shows no more decimals than the increment', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const y = atIncrement(x);
        const tick = priceIncrement(x);
        expect(Math.abs(y - x)).toBeLessThanOrEqual(tick / 2 + 1e-9);
        expect(decimalsOf(y)).toBeLessThanOrEqual(tick === 0.01 ? 2 : 4);
        expect(Math.abs(Math.round(y / tick) - y / tick)).toBeLessThan(1e-6);
      }),
    );
  });

  it('leaves non-finite values alone and writes floating-point noise around zero as zero', () => {
    expect(atIncrement(Number.NaN)).toBeNaN();
    expect(zeroIfNoise(-8.39e-17)).toBe(0);
    expect(zeroIfNoise(1e-9)).toBe(1e-9);
    expect(zeroIfNoise(-0.25)).toBe(-0.25);
  });
});
