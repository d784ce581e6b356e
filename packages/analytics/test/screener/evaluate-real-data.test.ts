/**
 * The screener against the catalogue's own batch functions on real bars (Pooksoft S&P 500 daily OHLCV,
 * ../shared/data, adjusted by each file's adjusted_close / close): every value it reports at a bar equals
 * the technical endpoint's computation — `computeIndicator` over the ticker's history through that bar —
 * within 1e-9 relative (of max(|value|, 1)), whether the screener computed a tail or the whole history.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CompiledScreen,
  compileScreen,
  computeIndicator,
  evaluateScreen,
  type ScreenBars,
} from '../../src/index.js';
import { pooksoftBars } from '../signals/pooksoft-bars.js';

const TICKERS = pooksoftBars(4);

const compiled = (where: string, sort?: string): CompiledScreen => {
  const r = compileScreen({ where, sort });
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.screen;
};

const upTo = (bars: ScreenBars, index: number): ScreenBars => ({
  open: bars.open.subarray(0, index + 1),
  high: bars.high.subarray(0, index + 1),
  low: bars.low.subarray(0, index + 1),
  close: bars.close.subarray(0, index + 1),
  volume: bars.volume.subarray(0, index + 1),
});

/** Mean of close × volume (or volume) over the last n bars, written out as the definition says. */
function naiveMean(bars: ScreenBars, index: number, n: number, dollars: boolean): number {
  if (index + 1 < n) return Number.NaN;
  let sum = 0;
  for (let i = index - n + 1; i <= index; i++) sum += (dollars ? bars.close[i]! : 1) * bars.volume[i]!;
  return sum / n;
}

/** The technical endpoint's value of one operand at `index`: the catalogue over history through it. */
function reference(screen: CompiledScreen, label: string, bars: ScreenBars, index: number): number {
  const operand = screen.plan.operands.find((o) => o.label === label)!;
  if (operand.kind === 'field') return bars[operand.field][index]!;
  const c = screen.plan.computations[operand.computation]!;
  if (c.meta.code === 'avg_dollar_volume' || c.meta.code === 'avg_volume')
    return naiveMean(bars, index, c.params['period'] as number, c.meta.code === 'avg_dollar_volume');
  const r = computeIndicator(c.meta.code, upTo(bars, index), c.params);
  if (!r.ok) throw new Error(`${c.key}: ${r.reason}`);
  return r.outputs[operand.output]![index]!;
}

const near = (actual: number | null, expected: number) =>
  actual === null
    ? !Number.isFinite(expected)
    : Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

type Values = Readonly<Record<string, number>>;

/** Screens with the same condition written as plain JavaScript over the reference values. */
const SCREENS: readonly { where: string; sort: string; holds: (v: Values, p: Values) => boolean }[] = [
  {
    where: 'rsi(14) < 40 and close > sma(200) and avg_dollar_volume(20) > 1e7',
    sort: '-roc(20)',
    holds: (v) => v['rsi(14)']! < 40 && v['close']! > v['sma(200)']! && v['avg_dollar_volume(20)']! > 1e7,
  },
  {
    where: 'macd(12,26,9) crosses_above macd(12,26,9).signal or adx(14) > 35',
    sort: 'adx(14)',
    holds: (v, p) =>
      (p['macd(12,26,9).macd']! <= p['macd(12,26,9).signal']! &&
        v['macd(12,26,9).macd']! > v['macd(12,26,9).signal']!) ||
      v['adx(14)']! > 35,
  },
  {
    where: 'not (close <= bbands(20,2,2).upper) or (mfi(14) < 25 and volume > 1.5 * avg_volume(50))',
    sort: '-(close / bbands(20,2,2).upper)',
    holds: (v) =>
      !(v['close']! <= v['bbands(20,2,2,sma).upper']!) ||
      (v['mfi(14)']! < 25 && v['volume']! > 1.5 * v['avg_volume(50)']!),
  },
  {
    // Whole-history indicators: path-dependent (SAR, SuperTrend), cumulative (OBV), adaptive (KAMA).
    where:
      'sar(0.02,0.2) crosses_below close or (obv > 0 and supertrend(10,3).direction > 0 and kama(30) < close)',
    sort: 'obv',
    holds: (v, p) =>
      (p['sar(0.02,0.2)']! >= p['close']! && v['sar(0.02,0.2)']! < v['close']!) ||
      (v['obv()']! > 0 && v['supertrend(10,3).direction']! > 0 && v['kama(30)']! < v['close']!),
  },
];

describe('screener values equal the catalogue batch output at the same bar (real data, 1e-9)', () => {
  it.each(SCREENS)('$where', ({ where, sort, holds }) => {
    const screen = compiled(where, sort);
    let matches = 0;
    let evaluated = 0;
    for (const { ticker, bars } of TICKERS) {
      for (let index = 250; index < bars.close.length; index += 23) {
        const e = evaluateScreen(screen, bars, index);
        const v: Record<string, number> = {};
        const p: Record<string, number> = {};
        for (const o of screen.plan.operands) {
          v[o.label] = reference(screen, o.label, bars, index);
          expect(near(e.values[o.label]!, v[o.label]!), `${ticker} ${index} ${o.label}`).toBe(true);
        }
        for (const k of screen.plan.previous) {
          const label = screen.plan.operands[k]!.label;
          p[label] = reference(screen, label, bars, index - 1);
          expect(near(e.previous![label]!, p[label]!), `${ticker} ${index} previous ${label}`).toBe(true);
        }
        expect(e.missing, `${ticker} ${index}`).toEqual([]);
        expect(e.matched, `${ticker} ${index}`).toBe(holds(v, p));
        evaluated++;
        if (e.matched) matches++;
      }
    }
    // Meaningful only if the screen both matches and fails on these bars.
    expect(matches).toBeGreaterThan(0);
    expect(matches).toBeLessThan(evaluated);
  });
});

describe('the screener never looks ahead', () => {
  const screen = compiled(
    'rsi(14) < 50 and close > sma(50) or macd(12,26,9) crosses_above macd(12,26,9).signal or obv > avg_volume(20) or sar(0.02,0.2) < close or kama(30) > 0 or cdlengulfing.signal != 0',
    '-roc(20)',
  );

  it('changing or removing the bars after the evaluated one changes nothing (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TICKERS.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (t, where, seed) => {
          const bars = TICKERS[t]!.bars;
          const index = Math.floor(where * (bars.close.length - 1));
          const expected = evaluateScreen(screen, bars, index);
          let s = seed >>> 0 || 1;
          const noise = () => {
            s ^= s << 13;
            s ^= s >>> 17;
            s ^= s << 5;
            return (s >>> 0) / 4294967296;
          };
          const scramble = (col: Float64Array) =>
            col.map((x, i) => (i <= index ? x : noise() < 0.05 ? Number.NaN : x * (0.5 + noise())));
          const changed = {
            open: scramble(bars.open),
            high: scramble(bars.high),
            low: scramble(bars.low),
            close: scramble(bars.close),
            volume: scramble(bars.volume),
          };
          expect(evaluateScreen(screen, changed, index)).toEqual(expected);
          expect(evaluateScreen(screen, upTo(bars, index), index)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('evaluates on the first bars of a history without failing, reporting what is missing', () => {
    const bars = TICKERS[0]!.bars;
    for (const index of [0, 1, 2, 13, 14, 49, 50])
      expect(() => evaluateScreen(screen, upTo(bars, index), index)).not.toThrow();
    expect(evaluateScreen(screen, bars, 0).missing).toContain('rsi(14)');
  });
});
