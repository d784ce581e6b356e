/**
 * Which candlestick signals are directions (issue #49): the indecision rules' ±100 is the candle's colour
 * (Spinning Top, High-Wave) or always +100 (the doji family), so `candleDirection` calls them neutral; the
 * others' sign is their direction. The colour claim is checked on the patterns themselves (equal to TA-Lib
 * C, see candlestick-properties.test.ts) over random candles.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDLESTICK_PATTERNS, candleDirection, NEUTRAL_CANDLES } from '../../src/index.js';

const candles = fc
  .array(fc.record({ move: fc.integer({ min: -4, max: 4 }), up: fc.nat(6), down: fc.nat(6) }), {
    minLength: 30,
    maxLength: 60,
  })
  .map((bars) => {
    const n = bars.length;
    const x = {
      open: new Float64Array(n),
      high: new Float64Array(n),
      low: new Float64Array(n),
      close: new Float64Array(n),
    };
    bars.forEach((b, i) => {
      const o = 100 + (i % 5) * 0.25;
      const c = o + b.move * 0.25;
      x.open[i] = o;
      x.close[i] = c;
      x.high[i] = Math.max(o, c) + b.up * 0.25;
      x.low[i] = Math.min(o, c) - b.down * 0.25;
    });
    return x;
  });

const meta = (code: string) => {
  const m = CANDLESTICK_PATTERNS.find((p) => p.code === code);
  if (m === undefined) throw new Error(`no pattern ${code}`);
  return m;
};

describe('candleDirection', () => {
  it('every neutral code is a registered pattern', () => {
    for (const code of NEUTRAL_CANDLES) expect(meta(code).code).toBe(code);
  });

  it.each(['cdlspinningtop', 'cdlhighwave'])(
    '%s signals by the candle’s colour, so it is neutral',
    (code) => {
      let seen = 0;
      fc.assert(
        fc.property(candles, (x) => {
          const signal = meta(code).compute(x, {}).signal as Float64Array;
          signal.forEach((s, i) => {
            if (!(s !== 0 && Number.isFinite(s))) return;
            seen++;
            const colour = (x.close[i] as number) >= (x.open[i] as number) ? 100 : -100;
            expect(s).toBe(colour);
            expect(candleDirection(code, s)).toBe('neutral');
          });
        }),
        { numRuns: 200 },
      );
      expect(seen).toBeGreaterThan(0);
    },
  );

  it.each([
    'cdldoji',
    'cdllongleggeddoji',
    'cdlrickshawman',
    'cdldragonflydoji',
    'cdlgravestonedoji',
    'cdltakuri',
  ])('%s only ever answers +100, so it is neutral', (code) => {
    fc.assert(
      fc.property(candles, (x) => {
        for (const s of meta(code).compute(x, {}).signal as Float64Array)
          if (Number.isFinite(s)) expect([0, 100]).toContain(s);
      }),
      { numRuns: 100 },
    );
    expect(candleDirection(code, 100)).toBe('neutral');
  });

  it('a directional pattern’s sign is its direction', () => {
    expect(candleDirection('cdlengulfing', 100)).toBe('bullish');
    expect(candleDirection('cdlengulfing', -80)).toBe('bearish');
    expect(candleDirection('cdlhikkake', 200)).toBe('bullish');
  });
});
