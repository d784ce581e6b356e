/**
 * Hand-built candles with answers worked out by hand from TA-Lib's rules (ta_CDL*.c and the default
 * candle settings in ta_global.c TA_CandleDefaultSettings); each case is also run through TA-Lib C
 * (talib npm 1.1.6) where TA-Lib can express it, so a wrong hand calculation cannot hide.
 * Confidence expectations follow src/patterns/candlestick/confidence.ts; tolerance 1e-9.
 */
import { describe, expect, it } from 'vitest';
import { Candles } from '../../src/patterns/candlestick/candles.js';
import { CANDLESTICK_PATTERNS } from '../../src/patterns/candlestick/registry.js';
import type { IndicatorMeta, ParamValues } from '../../src/registry/types.js';
import { talib } from '../support/talib-oracle.js';

type Bar = readonly [open: number, high: number, low: number, close: number];

function ohlc(bars: readonly Bar[]) {
  return {
    open: Float64Array.from(bars, (b) => b[0]),
    high: Float64Array.from(bars, (b) => b[1]),
    low: Float64Array.from(bars, (b) => b[2]),
    close: Float64Array.from(bars, (b) => b[3]),
  };
}

function meta(code: string): IndicatorMeta {
  const m = CANDLESTICK_PATTERNS.find((x) => x.code === code);
  if (m === undefined) throw new Error(code);
  return m;
}

function run(code: string, bars: readonly Bar[], params: ParamValues = {}) {
  const out = meta(code).compute(ohlc(bars), params);
  return { signal: Array.from(out['signal']!), confidence: Array.from(out['confidence']!) };
}

function talibSignal(code: string, bars: readonly Bar[], options: Record<string, number> = {}): number[] {
  return Array.from(talib(code.toUpperCase(), ohlc(bars), options)['outInteger']!);
}

/** Ten quiet white candles: body 1, range 2 (so BodyLong/BodyShort average 1, HighLow average 2). */
const QUIET: Bar[] = Array.from({ length: 10 }, () => [10, 11.5, 9.5, 11] as const);

describe('doji (BodyDoji: body ≤ 0.1 × average range of the 10 previous candles)', () => {
  const bars: Bar[] = [...QUIET, [10, 11, 9, 10.125], [10, 11, 9, 10.25]];

  it('flags a body of 0.125 against a threshold of 0.2, not a body of 0.25', () => {
    const r = run('cdldoji', bars);
    expect(r.signal.slice(0, 10).every(Number.isNaN)).toBe(true);
    expect(r.signal.slice(10)).toEqual([100, 0]);
    expect(talibSignal('cdldoji', bars).slice(10)).toEqual([100, 0]);
  });

  it('scores confidence as the distance under the threshold: (0.2 − 0.125) / 0.2', () => {
    const r = run('cdldoji', bars);
    expect(r.confidence[10]).toBeCloseTo(0.375, 9);
    expect(r.confidence[11]).toBe(0);
  });

  it('uses the candle itself when bodyDojiPeriod is 0 (body ≤ factor × own range)', () => {
    const own: Bar[] = [
      [10, 11, 9.6, 10.4], // body 0.4 ≤ 0.5 × 1.4
      [10, 11.2, 9.8, 11], // body 1 > 0.5 × 1.4
    ];
    const r = run('cdldoji', own, { bodyDojiPeriod: 0, bodyDojiFactor: 0.5 });
    expect(meta('cdldoji').lookback({ bodyDojiPeriod: 0 })).toBe(0);
    expect(r.signal).toEqual([100, 0]);
    expect(r.confidence[0]).toBeCloseTo((0.7 - 0.4) / 0.7, 9);
  });

  it('measures real bodies instead of ranges when bodyDojiRangeType is realBody', () => {
    const own: Bar[] = [
      [10, 11, 9, 10], // body 0 ≤ 0.5 × 0
      [10, 11, 9, 10.01], // body 0.01 > 0.5 × 0.01
    ];
    const r = run('cdldoji', own, { bodyDojiPeriod: 0, bodyDojiFactor: 0.5, bodyDojiRangeType: 'realBody' });
    expect(r.signal).toEqual([100, 0]);
  });
});

describe('engulfing (TA-Lib 0.4: ±100, or ±80 when the bodies share an end)', () => {
  const before: Bar = [10, 11, 9.5, 10.5];
  it('bullish: white 8.5→10.5 engulfs black 10→9', () => {
    const bars: Bar[] = [before, [10, 10.2, 8.8, 9], [8.5, 10.7, 8.4, 10.5]];
    expect(run('cdlengulfing', bars).signal).toEqual([Number.NaN, Number.NaN, 100]);
    expect(talibSignal('cdlengulfing', bars)[2]).toBe(100);
    // body 2 vs engulfed body 1: (2 − 1) / 1, capped at 1
    expect(run('cdlengulfing', bars).confidence[2]).toBe(1);
  });

  it('bullish with a shared end (open = prior close) is +80', () => {
    const bars: Bar[] = [before, [10, 10.2, 8.8, 9], [9, 10.7, 8.9, 10.5]];
    expect(run('cdlengulfing', bars).signal[2]).toBe(80);
    expect(talibSignal('cdlengulfing', bars)[2]).toBe(80);
    expect(run('cdlengulfing', bars).confidence[2]).toBeCloseTo(0.5, 9);
  });

  it('bearish: black 10.5→8.5 engulfs white 9→10', () => {
    const bars: Bar[] = [before, [9, 10.2, 8.8, 10], [10.5, 10.7, 8.4, 8.5]];
    expect(run('cdlengulfing', bars).signal[2]).toBe(-100);
    expect(talibSignal('cdlengulfing', bars)[2]).toBe(-100);
  });

  it('equal bodies do not engulf', () => {
    const bars: Bar[] = [before, [10, 10.2, 8.8, 9], [9, 10.2, 8.8, 10]];
    expect(run('cdlengulfing', bars).signal[2]).toBe(0);
    expect(talibSignal('cdlengulfing', bars)[2]).toBe(0);
  });
});

describe('morning star (long black, short star gapping down, white closing into the first body)', () => {
  // Bar 10: long black 12→9 (body 3 > BodyLong average 1). Bar 11: star 8.5→8.375, body 0.125 ≤ BodyShort
  // average 1.2, body gap below 9. Bar 12: white 8.625→11, body 2.375 > BodyShort average 1.1125; needs a
  // close above 9 + 3 × penetration: 9.9 at the default 0.3 (→ +100), 11.1 at 0.7 (→ 0).
  const bars: Bar[] = [...QUIET, [12, 12.25, 8.75, 9], [8.5, 8.75, 8.25, 8.375], [8.625, 11.25, 8.5, 11]];

  it('is +100 at the default penetration 0.3 and 0 at 0.7', () => {
    expect(meta('cdlmorningstar').lookback({})).toBe(12);
    expect(run('cdlmorningstar', bars).signal[12]).toBe(100);
    expect(run('cdlmorningstar', bars, { penetration: 0.7 }).signal[12]).toBe(0);
    expect(talibSignal('cdlmorningstar', bars, { optInPenetration: 0.3 })[12]).toBe(100);
    expect(talibSignal('cdlmorningstar', bars, { optInPenetration: 0.7 })[12]).toBe(0);
  });

  it('averages the three threshold scores for confidence', () => {
    // exceeds(3, 1) = 1 (capped); under(0.125, 1.2) = 1.075 / 1.2; exceeds(2.375, 1.1125) = 1 (capped)
    expect(run('cdlmorningstar', bars).confidence[12]).toBeCloseTo((1 + 1.075 / 1.2 + 1) / 3, 9);
  });
});

describe('hikkake (inside bar, false breakout, confirmation within 3 bars)', () => {
  const bars: Bar[] = [
    [10, 12, 8, 10.5],
    [10.5, 12.5, 8.5, 11],
    [11, 13, 9, 12],
    [12, 14, 9.5, 13], // mother bar
    [13, 13, 10, 11], // inside bar
    [11, 12.5, 9.75, 10], // lower high and lower low: bullish setup → +100
    [12, 13.5, 11.75, 13.25], // close above the inside bar's high 13 → +200
    [13, 13.5, 12.5, 13],
  ];

  it('signals +100 on the breakout and +200 on the confirmation', () => {
    const r = run('cdlhikkake', bars);
    expect(r.signal.slice(5)).toEqual([100, 200, 0]);
    expect(talibSignal('cdlhikkake', bars).slice(5)).toEqual([100, 200, 0]);
    expect(r.confidence.slice(5)).toEqual([0.5, 1, 0]);
  });
});

describe('parameters', () => {
  it('moves the warm-up with the averaging period (cdl2crows: bodyLongPeriod + 2)', () => {
    const m = meta('cdl2crows');
    expect(m.lookback({})).toBe(12);
    expect(m.lookback({ bodyLongPeriod: 3 })).toBe(5);
    const out = m.compute(ohlc(QUIET), { bodyLongPeriod: 3 })['signal']!;
    expect(Array.from(out).filter(Number.isNaN)).toHaveLength(5);
  });

  it.each([
    ['bodyLongPeriod', -1],
    ['bodyLongPeriod', 2.5],
    ['bodyLongFactor', Number.POSITIVE_INFINITY],
    ['bodyLongFactor', -0.1],
    ['bodyLongRangeType', 'median'],
  ] as const)('cdl2crows rejects %s = %s with a RangeError', (name, value) => {
    expect(() => meta('cdl2crows').compute(ohlc(QUIET), { [name]: value })).toThrow(RangeError);
  });

  it('rejects a negative penetration', () => {
    expect(() => meta('cdlmorningstar').compute(ohlc(QUIET), { penetration: -0.1 })).toThrow(RangeError);
  });

  it('rejects columns of different lengths', () => {
    const x = new Float64Array(3);
    expect(() => new Candles(x, x, x, new Float64Array(2))).toThrow(RangeError);
  });
});
