/**
 * Properties of every candlestick pattern on random candles. Prices sit on a 0.25 grid so ties
 * (open = close, equal highs, touching bodies) are frequent — the edge cases where a port most easily
 * drifts from TA-Lib — and every difference is exact in binary floating point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDLESTICK_PATTERNS } from '../../src/patterns/candlestick/registry.js';
import { talib } from '../support/talib-oracle.js';

type Ohlc = {
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
};

const TICK = 0.25;
const bar = fc.record({
  gap: fc.integer({ min: -3, max: 3 }),
  move: fc.integer({ min: -8, max: 8 }),
  up: fc.integer({ min: 0, max: 4 }),
  down: fc.integer({ min: 0, max: 4 }),
});

/** Coherent OHLC (high ≥ max(open, close), low ≤ min) from gaps and moves in ticks. */
const candles = fc.array(bar, { minLength: 1, maxLength: 80 }).map((bars): Ohlc => {
  const n = bars.length;
  const out = {
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
  };
  let prev = 400;
  bars.forEach((b, i) => {
    const o = prev + b.gap * TICK;
    const c = o + b.move * TICK;
    out.open[i] = o;
    out.close[i] = c;
    out.high[i] = Math.max(o, c) + b.up * TICK;
    out.low[i] = Math.min(o, c) - b.down * TICK;
    prev = c;
  });
  return out;
});

const WIDE_VALUES: Readonly<Record<string, readonly number[]>> = {
  cdlengulfing: [-100, -80, 0, 80, 100],
  cdlharami: [-100, -80, 0, 80, 100],
  cdlharamicross: [-100, -80, 0, 80, 100],
  cdlhikkake: [-200, -100, 0, 100, 200],
  cdlhikkakemod: [-200, -100, 0, 100, 200],
};

const copy = (x: Ohlc): Ohlc => ({
  open: x.open.slice(),
  high: x.high.slice(),
  low: x.low.slice(),
  close: x.close.slice(),
});

describe.each(CANDLESTICK_PATTERNS.map((m) => [m.code, m] as const))('%s', (code, meta) => {
  const lookback = meta.lookback({});
  const allowed = new Set(WIDE_VALUES[code] ?? [-100, 0, 100]);

  it('equals TA-Lib C on random tick-grid candles, ties included', () => {
    fc.assert(
      fc.property(candles, (x) => {
        const ours = meta.compute(x, {})['signal']!;
        const ref = talib(code.toUpperCase(), x)['outInteger']!;
        expect(Array.from(ours)).toEqual(Array.from(ref));
      }),
      { numRuns: 100 },
    );
  });

  it('emits TA-Lib values only, NaN exactly during the lookback, confidence in [0, 1] and 0 without a signal', () => {
    fc.assert(
      fc.property(candles, (x) => {
        const before = copy(x);
        const out = meta.compute(x, {});
        expect(x).toEqual(before);
        const signal = out['signal']!;
        const confidence = out['confidence']!;
        for (let i = 0; i < signal.length; i++) {
          const s = signal[i]!;
          const c = confidence[i]!;
          if (i < lookback) {
            expect(Number.isNaN(s) && Number.isNaN(c)).toBe(true);
            continue;
          }
          expect(allowed.has(s), `signal ${s} at ${i}`).toBe(true);
          expect(c >= 0 && c <= 1, `confidence ${c} at ${i}`).toBe(true);
          if (s === 0) expect(c).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('does not change when prices are scaled by a power of two, nor when later bars are appended', () => {
    fc.assert(
      fc.property(candles, fc.constantFrom(0.5, 4), fc.nat(), (x, k, cut) => {
        const out = meta.compute(x, {});
        const scaled = meta.compute(
          {
            open: x.open.map((v) => v * k),
            high: x.high.map((v) => v * k),
            low: x.low.map((v) => v * k),
            close: x.close.map((v) => v * k),
          },
          {},
        );
        expect(scaled['signal']).toEqual(out['signal']);
        expect(scaled['confidence']).toEqual(out['confidence']);
        const m = cut % (x.open.length + 1);
        const prefix = meta.compute(
          {
            open: x.open.subarray(0, m),
            high: x.high.subarray(0, m),
            low: x.low.subarray(0, m),
            close: x.close.subarray(0, m),
          },
          {},
        );
        expect(prefix['signal']).toEqual(out['signal']!.subarray(0, m));
        expect(prefix['confidence']).toEqual(out['confidence']!.subarray(0, m));
      }),
      { numRuns: 30 },
    );
  });
});
