/**
 * Grammar fuzzing (issue #28: "no input gives a 5xx or runs longer than the limit"): arbitrary strings,
 * token soups and mutations of valid screens never make the parser, checker or evaluator throw; every
 * error lies inside the input; and the work done is bounded by the input's length (steps counted by the
 * parser, not wall time) and, for screens that compile, by the plan's limits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  compileScreen,
  DEFAULT_SCREENER_LIMITS,
  evaluateScreen,
  parseSort,
  parseWhere,
  type ScreenBars,
  type ScreenError,
} from '../../src/index.js';
import { pooksoftBars } from '../signals/pooksoft-bars.js';

const full = pooksoftBars(1)[0]!.bars;
/** 300 real bars: long enough for most lookbacks to end inside, short enough to fuzz quickly. */
const BARS: ScreenBars = {
  open: full.open.slice(0, 300),
  high: full.high.slice(0, 300),
  low: full.low.slice(0, 300),
  close: full.close.slice(0, 300),
  volume: full.volume.slice(0, 300),
};

/** Parser steps per character (plus one for the end): a linear bound (the deepest nesting needs about 9 a character). */
const STEPS_PER_CHAR = 12;

function expectInside(input: string, errors: readonly ScreenError[]) {
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) {
    expect(e.offset).toBeGreaterThanOrEqual(0);
    expect(e.length).toBeGreaterThanOrEqual(0);
    expect(e.offset + e.length).toBeLessThanOrEqual(input.length);
    expect(e.token).toBe(input.slice(e.offset, e.offset + Math.min(e.length, 100)));
    expect(e.message).toMatch(/ at \d+:\d+/);
  }
}

/** Everything the route would run on one `where` (and the same text as `sort`), checked. */
function exercise(input: string) {
  for (const parsed of [parseWhere(input), parseSort(input)]) {
    expect(parsed.steps).toBeLessThanOrEqual(STEPS_PER_CHAR * (Math.min(input.length, 1000) + 1));
    if (!parsed.ok) expectInside(input, parsed.errors);
  }
  const compiled = compileScreen({ where: input, sort: input });
  if (!compiled.ok) {
    expectInside(input, compiled.errors);
    return;
  }
  const { plan } = compiled.screen;
  expect(plan.computations.length).toBeLessThanOrEqual(DEFAULT_SCREENER_LIMITS.maxComputations);
  expect(plan.lookback).toBeLessThanOrEqual(DEFAULT_SCREENER_LIMITS.maxLookback + 1);
  for (const index of [0, 150, 299]) {
    const e = evaluateScreen(compiled.screen, BARS, index);
    expect(typeof e.matched).toBe('boolean');
    for (const v of Object.values(e.values)) expect(v === null || Number.isFinite(v)).toBe(true);
  }
}

/** exercise() for where-only inputs (a condition is never a valid sort, so compile the where alone too). */
function exerciseWhere(input: string) {
  exercise(input);
  const compiled = compileScreen({ where: input });
  if (compiled.ok) for (const index of [0, 299]) evaluateScreen(compiled.screen, BARS, index);
  else expectInside(input, compiled.errors);
}

const TOKENS = [
  'and', 'or', 'not', 'AND', 'Or', 'crosses_above', 'crosses_below', 'crosses', '(', ')', '((', ')', ',', '.',
  '=', '==', '!=', '<>', '<', '<=', '>', '>=', '≤', '≥', '≠', '+', '-', '*', '/', '×', '÷', '−',
  '0', '30', '1e7', '-1', '.5', '2.', '1e999', '1e', '2.5.1', '14d', '1e-3', '100000', '3e37',
  'close', 'open', 'high', 'low', 'volume', 'rsi', 'rsi(14)', 'rsi(1)', 'sma(200)', 'sma(5000)', 'ema(20)',
  'macd(12,26,9).signal', 'macd(30)', 'macd.hist', 'bbands(20,2,2).upper', 'bbands', 'ma(30,kama)',
  'ma(30, foo)', 'avg_dollar_volume(20)', 'avg_volume', 'obv', 'sar', 'cdlengulfing.signal', 'heikinashi.open',
  'rsx', 'clsoe', 'period=', 'nbdev_up=2', 'close()', 'close.x', 'roc(20)', 'mom',
  '&&', '||', '!', '$', '"', "'", '\\', '\u0000', '😀', '\u00a0', '\n', '\t', '',
]; // biome-ignore format: a vocabulary

const soup = fc
  .tuple(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), fc.constantFrom('', ' ', '  ', '\n'))
  .map(([tokens, sep]) => tokens.join(sep));

const VALID = [
  'rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7',
  'sma(50) crosses_above sma(200) or not (macd(12,26,9).hist > 0)',
  '(close - open) / open > 0.02 and volume > 2 * avg_volume(50)',
  '-roc(20)',
];

const mutation = fc
  .tuple(
    fc.constantFrom(...VALID),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.string({ unit: 'binary-ascii', maxLength: 3 })), {
      minLength: 1,
      maxLength: 5,
    }),
  )
  .map(([text, edits]) =>
    edits.reduce((s, [at, cut, insert]) => {
      const i = at % (s.length + 1);
      return s.slice(0, i) + insert + s.slice(i + cut);
    }, text),
  );

describe('grammar fuzzing: nothing throws, errors point inside the input, work is bounded', () => {
  it('arbitrary Unicode strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 120 }), exerciseWhere), { numRuns: 400 });
  });

  it('arbitrary ASCII strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii', maxLength: 200 }), exerciseWhere), {
      numRuns: 400,
    });
  });

  it('token soups of the grammar’s words, names, numbers and junk', () => {
    fc.assert(fc.property(soup, exerciseWhere), { numRuns: 1500 });
  });

  it('mutations of valid screens', () => {
    fc.assert(fc.property(mutation, exerciseWhere), { numRuns: 800 });
  });

  it('every catalogue entry with arbitrary arguments', () => {
    const arg = fc.oneof(
      fc.integer({ min: -5, max: 3000 }).map(String),
      fc.double({ min: -10, max: 10, noNaN: true }).map((x) => String(Math.round(x * 100) / 100)),
      fc.constantFrom('ema', 'kama', 'sma', 'wilder', 'sum', 'RealBody', 'x'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...CATALOG), fc.array(arg, { maxLength: 5 }), (meta, args) => {
        const output = meta.outputs.length > 1 ? `.${meta.outputs[0]!.name}` : '';
        exerciseWhere(
          `${meta.code}(${args.join(',')})${output} crosses_above 0 or ${meta.code}${output} > 0`,
        );
      }),
      { numRuns: 600 },
    );
  });

  it('inputs far beyond maxLength are refused before any work', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1001, maxLength: 20_000 }), (input) => {
        const r = parseWhere(input);
        expect(r.ok).toBe(false);
        expect(r.steps).toBe(0);
        exercise(input);
      }),
      { numRuns: 30 },
    );
  });

  it('stays linear on long legal inputs near every limit', () => {
    const deep = `${'('.repeat(32)}close > 1${')'.repeat(32)}`;
    const wide = Array.from({ length: 40 }, (_, i) => `c${i} > ${i}`).join(' or ');
    const arithmetic = `close > ${Array.from({ length: 99 }, () => '1').join('+')}`;
    for (const input of [deep, wide, arithmetic, `${'not '.repeat(32)}close > 1`]) {
      const r = parseWhere(input);
      expect(r.steps).toBeLessThanOrEqual(STEPS_PER_CHAR * (input.length + 1));
      exerciseWhere(input);
    }
  });
});
