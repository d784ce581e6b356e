/**
 * Properties of the shared kernels against naive definitions (fast-check): the running-sum and
 * amortised-scan kernels must agree with a direct per-window computation, including NaN windows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emaInto } from './ema.js';
import { emaChainInto } from './ema-chain.js';
import { nanArray } from './nan.js';
import { rollingMaxIndexInto, rollingMaxInto, rollingMinInto } from './rolling-extrema.js';
import { rollingSumInto } from './rolling-sum.js';
import { rollingVarianceInto } from './rolling-variance.js';
import { smaInto } from './sma.js';
import { wmaInto } from './wma.js';

const values = fc.array(
  fc.oneof(
    { weight: 12, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
    { weight: 1, arbitrary: fc.constant(Number.NaN) },
    { weight: 2, arbitrary: fc.integer({ min: -3, max: 3 }) },
  ),
  { minLength: 0, maxLength: 60 },
);
const period = fc.integer({ min: 1, max: 12 });

function naive(src: number[], p: number, f: (w: number[]) => number): Float64Array {
  const out = nanArray(src.length);
  for (let i = p - 1; i < src.length; i++) {
    const w = src.slice(i - p + 1, i + 1);
    out[i] = w.some((x) => Number.isNaN(x)) ? Number.NaN : f(w);
  }
  return out;
}

function close(a: Float64Array, b: Float64Array, tol = 1e-9): boolean {
  return a.every((x, i) => {
    const y = b[i]!;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
    return Math.abs(x - y) <= tol * Math.max(1, Math.abs(y));
  });
}

const run = (kernel: (s: Float64Array, p: number, o: Float64Array) => number, src: number[], p: number) => {
  const out = new Float64Array(src.length);
  kernel(Float64Array.from(src), p, out);
  return out;
};

describe('core kernels agree with per-window definitions', () => {
  it('smaInto / rollingSumInto', () => {
    fc.assert(
      fc.property(values, period, (src, p) => {
        const mean = (w: number[]) => w.reduce((a, b) => a + b, 0) / p;
        const sum = (w: number[]) => w.reduce((a, b) => a + b, 0);
        expect(close(run(smaInto, src, p), naive(src, p, mean), 1e-8)).toBe(true);
        expect(close(run(rollingSumInto, src, p), naive(src, p, sum), 1e-8)).toBe(true);
      }),
    );
  });

  it('wmaInto', () => {
    fc.assert(
      fc.property(values, period, (src, p) => {
        const w = (win: number[]) => win.reduce((a, x, k) => a + x * (k + 1), 0) / ((p * (p + 1)) / 2);
        expect(close(run(wmaInto, src, p), naive(src, p, w), 1e-8)).toBe(true);
      }),
    );
  });

  it('rollingVarianceInto is the population variance (never meaningfully negative)', () => {
    fc.assert(
      fc.property(values, period, (src, p) => {
        const v = (w: number[]) => {
          const m = w.reduce((a, b) => a + b, 0) / p;
          return w.reduce((a, x) => a + (x - m) * (x - m), 0) / p;
        };
        const got = run(rollingVarianceInto, src, p);
        const want = naive(src, p, v);
        // E[x²] − E[x]² cancels catastrophically; compare against the scale of E[x²].
        got.forEach((g, i) => {
          if (Number.isNaN(want[i]!)) expect(g).toBeNaN();
          else expect(Math.abs(g - want[i]!)).toBeLessThanOrEqual(1e-9 * 1e6 + 1e-9);
        });
      }),
    );
  });

  it('rolling max/min and the index of the most recent maximum', () => {
    fc.assert(
      fc.property(values, period, (src, p) => {
        expect(
          close(
            run(rollingMaxInto, src, p),
            naive(src, p, (w) => Math.max(...w)),
          ),
        ).toBe(true);
        expect(
          close(
            run(rollingMinInto, src, p),
            naive(src, p, (w) => Math.min(...w)),
          ),
        ).toBe(true);
        const idx = run(rollingMaxIndexInto, src, p);
        const want = naive(src, p, (w) => w.lastIndexOf(Math.max(...w)));
        want.forEach((k, i) => {
          if (!Number.isNaN(k)) want[i] = i - p + 1 + k;
        });
        expect(close(idx, want)).toBe(true);
      }),
    );
  });

  it('emaInto seeds with the SMA and is a constant on constant input', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (c, p) => {
          const src = new Float64Array(50).fill(c);
          const out = new Float64Array(50);
          const first = emaInto(src, p, out);
          expect(first).toBe(p - 1);
          for (let i = first; i < 50; i++) expect(out[i]).toBeCloseTo(c, 6);
        },
      ),
    );
  });

  it('emaChainInto equals chained emaInto calls combined by its coefficients', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1e3, noNaN: true }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 1, maxLength: 6 }),
        (src, p, coeffs) => {
          const x = Float64Array.from(src);
          const levels: Float64Array[] = [];
          let input = x;
          let f = 0;
          for (let k = 0; k < coeffs.length; k++) {
            const e = new Float64Array(x.length);
            f = emaInto(input, p, e, f);
            levels.push(e);
            input = e;
          }
          const want = nanArray(x.length);
          for (let i = f; i < x.length; i++) want[i] = coeffs.reduce((a, c, k) => a + c * levels[k]![i]!, 0);
          const got = new Float64Array(x.length);
          expect(emaChainInto(x, p, coeffs, got)).toBe(Math.min(f, x.length));
          expect(close(got, want, 1e-9)).toBe(true);
        },
      ),
    );
  });
});
