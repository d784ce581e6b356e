import { describe, expect, it } from 'vitest';
import {
  type CompiledScreen,
  compileScreen,
  RECURSIVE_WARMUP_MULTIPLE,
  type ScreenQuery,
} from '../../src/index.js';

const compiled = (query: ScreenQuery, limits = {}): CompiledScreen => {
  const r = compileScreen(query, limits);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.screen;
};

const errors = (query: ScreenQuery, limits = {}) => {
  const r = compileScreen(query, limits);
  if (r.ok) throw new Error('compiled');
  return r.errors.map(({ field, offset, length, token, message, suggestion }) => ({
    field,
    offset,
    length,
    token,
    message,
    suggestion,
  }));
};

describe('compileScreen: names resolve against the catalogue', () => {
  it('plans the issue #28 example: four computations, five operands, lookback 199', () => {
    const s = compiled({
      where: 'rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7',
      sort: '-roc(20)',
    });
    expect(s.plan.operands.map((o) => o.label)).toEqual([
      'rsi(14)',
      'close',
      'sma(200)',
      'avg_dollar_volume(20)',
      'roc(20)',
    ]);
    expect(s.plan.computations.map((c) => [c.key, c.lookback, c.history, c.tail])).toEqual([
      ['rsi(14)', 14, 'recursive', (1 + RECURSIVE_WARMUP_MULTIPLE) * 14 + 2],
      ['sma(200)', 199, 'window', 201],
      ['avg_dollar_volume(20)', 19, 'window', 21],
      ['roc(20)', 20, 'window', 22],
    ]);
    expect(s.plan.lookback).toBe(199);
    expect(s.plan.previous).toEqual([]);
    expect(s.sort).toMatchObject({ label: 'roc(20)', descending: true });
  });

  it('labels as the technical endpoint does: canonical code, every parameter, defaults filled in', () => {
    const s = compiled({
      where:
        'RSI < 30 and relative_strength_index(14) < 30 and bollinger(period=20).upper > close and ma(30, EMA) > 0',
    });
    expect(s.plan.operands.map((o) => o.label)).toEqual([
      'rsi(14)',
      'bbands(20,2,2,sma).upper',
      'close',
      'ma(30,ema)',
    ]);
  });

  it('shares one computation between outputs of the same call, and defaults to the output named like the code', () => {
    const s = compiled({ where: 'macd(12,26,9) > macd.signal and macd(12,26,9).hist > 0' });
    expect(s.plan.computations.map((c) => c.key)).toEqual(['macd(12,26,9)']);
    expect(s.plan.operands.map((o) => o.label)).toEqual([
      'macd(12,26,9).macd',
      'macd(12,26,9).signal',
      'macd(12,26,9).hist',
    ]);
  });

  it('adds one bar of lookback for a cross and lists the operands it reads on the previous bar', () => {
    const s = compiled({ where: 'sma(50) crosses_above sma(200) and volume > 0' });
    expect(s.plan.lookback).toBe(200);
    expect(s.plan.previous.map((k) => s.plan.operands[k]!.label)).toEqual(['sma(50)', 'sma(200)']);
  });

  it('classifies history: windowed, recursive, whole history, and worse by parameter', () => {
    const s = compiled({
      where:
        'sma(20) > 0 and ema(20) > 0 and obv > 0 and bbands(20,2,2,ema).upper > 0 and ma(10,kama) > 0 and cmo(14,sum) > 0 and vwap(0,0) > 0',
    });
    expect(s.plan.computations.map((c) => [c.key, c.history])).toEqual([
      ['sma(20)', 'window'],
      ['ema(20)', 'recursive'],
      ['obv()', 'full'],
      ['bbands(20,2,2,ema)', 'recursive'],
      ['ma(10,kama)', 'full'],
      ['cmo(14,sum)', 'window'],
      ['vwap(0,0)', 'full'],
    ]);
    expect(s.plan.computations[2]!.tail).toBeUndefined();
  });

  it('describes an arithmetic sort with canonical labels', () => {
    expect(
      compiled({ where: 'close > 0', sort: 'close / simple_moving_average(200) - 1' }).sort,
    ).toMatchObject({
      label: 'close / sma(200) - 1',
      descending: false,
    });
    expect(compiled({ where: 'close > 0', sort: '-(close - open) * 2' }).sort).toMatchObject({
      label: '(close - open) * 2',
      descending: true,
    });
    expect(compiled({ where: 'close > 0', sort: 'close * -(open - close)' }).sort?.label).toBe(
      'close * -(open - close)',
    );
  });
});

describe('compileScreen: errors name the expression and point at the offending text', () => {
  it('suggests the closest name for an unknown indicator', () => {
    expect(errors({ where: 'rsx(14) < 30' })).toEqual([
      {
        field: 'where',
        offset: 0,
        length: 3,
        token: 'rsx',
        message: 'unknown indicator `rsx` at 1:1; did you mean `rsi`?',
        suggestion: 'rsi',
      },
    ]);
    expect(errors({ where: 'clsoe > 1' })[0]).toMatchObject({ suggestion: 'close' });
    expect(errors({ where: 'close > 1', sort: '-avg_dollar_volum(20)' })[0]).toMatchObject({
      field: 'sort',
      offset: 1,
      token: 'avg_dollar_volum',
      suggestion: 'avg_dollar_volume',
    });
  });

  it('reports every problem of both expressions, each at its own place', () => {
    const e = errors({ where: 'sma(1) > 3 and foo > 1 and rsi(14, 3) > 0', sort: 'bar' });
    expect(e.map((x) => [x.field, x.offset, x.token])).toEqual([
      ['where', 4, '1'],
      ['where', 15, 'foo'],
      ['where', 35, '3'],
      ['sort', 0, 'bar'],
    ]);
    expect(e[0]!.message).toBe('parameter `period` (1st) of `sma` must be between 2 and 100000 at 1:5');
    expect(e[2]!.message).toContain('too many arguments for `rsi` at 1:36: it takes 1 (period)');
  });

  it('reports syntax errors of where and sort together', () => {
    expect(errors({ where: 'close >', sort: '-roc(20' }).map((x) => [x.field, x.offset])).toEqual([
      ['where', 7],
      ['sort', 7],
    ]);
  });

  it.each([
    ['macd(30) > 0', 5, '30', 'parameter `fast_period` (1st) of `macd` must be less than slow_period'],
    ['macd(slow_period=10) > 0', 0, 'macd(slow_period=10)', 'must be less than slow_period'],
    ['sma(2.5) > 0', 4, '2.5', 'must be a whole number'],
    ['sma(ema) > 0', 4, 'ema', 'must be a whole number, written in decimal'],
    ['ma(30, foo) > 0', 7, 'foo', 'parameter `ma_type` (2nd) of `ma` must be one of sma, ema'],
    ['sma(period=20, period=30) > 0', 15, 'period=30', 'parameter `period` of `sma` given twice'],
    ['sma(20, period=30) > 0', 8, 'period=30', 'given twice'],
    ['bbands(period=20, 2) > 0', 18, '2', 'positional argument after a named one'],
    ['sma(length=20) > 0', 4, 'length=20', '`sma` has no parameter `length` at 1:5: it takes period'],
    ['bop(1) > 0', 4, '1', 'too many arguments for `bop` at 1:5: it takes 0'],
    ['close(5) > 0', 0, 'close(5)', '`close` is a bar field at 1:1: it takes no arguments'],
    ['close.x > 0', 6, 'x', '`close` is a bar field'],
    [
      'bbands(20) > 0',
      0,
      'bbands(20)',
      '`bbands` has 3 outputs at 1:1: choose one with .upper, .middle, .lower',
    ],
    [
      'macd.sig > 0',
      5,
      'sig',
      '`macd` has no output `sig` at 1:6: its outputs: macd, signal, hist; did you mean `signal`?',
    ],
    ['sma(5000) > 0', 0, 'sma(5000)', '`sma(5000)` needs 4999 bars of history before its first value'],
  ])('%j → offset %i %j', (where, offset, token, message) => {
    const [e] = errors({ where });
    expect(e).toMatchObject({ field: 'where', offset, token });
    expect(e!.message).toContain(message);
  });

  it('accepts a lookback up to maxLookback and refuses the next', () => {
    expect(compileScreen({ where: 'sma(2521) > 0' }).ok).toBe(true);
    expect(errors({ where: 'sma(2522) > 0' })[0]!.message).toContain('a screen may need at most 2520');
    expect(compileScreen({ where: 'sma(2522) > 0' }, { maxLookback: 5000 }).ok).toBe(true);
  });

  it('refuses the computation past maxComputations, counting outputs of one call once', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `sma(${i + 2}) > 0`).join(' and ');
    expect(
      compileScreen({ where: `${ten} and sma(2) > 1 and macd.signal > 0` }, { maxComputations: 11 }).ok,
    ).toBe(true);
    const e = errors({ where: `${ten} and rsi(14) < 30`, sort: 'roc(20)' });
    expect(e.map((x) => [x.field, x.token])).toEqual([
      ['where', 'rsi(14)'],
      ['sort', 'roc(20)'],
    ]);
    expect(e[0]!.message).toContain('`rsi(14)` is one indicator computation too many');
  });
});
