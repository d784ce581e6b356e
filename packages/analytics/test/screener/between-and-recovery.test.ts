import { describe, expect, it } from 'vitest';
import { compileScreen, evaluateScreen, parseWhere, type ScreenBars } from '../../src/index.js';
import { showTree } from './show-tree.js';

const tree = (input: string) => {
  const r = parseWhere(input);
  if (!r.ok) throw new Error(`${input}: ${r.errors[0]?.message}`);
  return showTree(r.tree);
};

const errorsOf = (input: string) => {
  const r = parseWhere(input);
  if (r.ok) throw new Error(`${input} parsed`);
  return r.errors.map((e) => ({ at: e.offset, token: e.token, message: e.message }));
};

describe('parseWhere: `between … and …` (issue #49)', () => {
  it.each([
    ['rsi(14) between 30 and 70', '(and (>= rsi(14) 30) (<= rsi(14) 70))'],
    [
      'close between sma(50) * 0.9 and sma(50) and volume > 1e6',
      '(and (and (>= close (* sma(50) 0.9)) (<= close sma(50))) (> volume 1000000))',
    ],
    ['a < 1 or x BETWEEN -1 AND 1', '(or (< a 1) (and (>= x -1) (<= x 1)))'],
    ['not x between 1 and 2', '(not (and (>= x 1) (<= x 2)))'],
  ])('%s → %s', (input, expected) => {
    expect(tree(input)).toBe(expected);
  });

  it.each([
    ['x between 1', 11, 'expected `and` after the lower bound of `between`'],
    ['x between 1 or 2', 12, 'expected `and` after the lower bound'],
    ['x between 1 and 2 < 3', 18, 'cannot be chained'],
    ['x between and 2', 10, 'expected a value'],
  ])('%s is an error at offset %i', (input, at, text) => {
    const [first] = errorsOf(input);
    expect(first?.at).toBe(at);
    expect(first?.message).toContain(text);
  });

  it('both bounds are inclusive when evaluated', () => {
    const close = Float64Array.from([29, 30, 50, 70, 71]);
    const bars: ScreenBars = { open: close, high: close, low: close, close, volume: close };
    const compiled = compileScreen({ where: 'close between 30 and 70' });
    if (!compiled.ok) throw new Error(compiled.errors[0]?.message);
    expect([0, 1, 2, 3, 4].map((i) => evaluateScreen(compiled.screen, bars, i).matched)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('parseWhere: every syntax error the parser can recover to (issue #49)', () => {
  it('reports an error in each broken clause, in order, with its own position', () => {
    const input = 'rsi(14) < and close > sma(200) and volume > or roc(20) >> 1';
    const errors = errorsOf(input);
    expect(errors.map((e) => e.at)).toEqual([10, 44, 56]);
    expect(errors[0]?.token).toBe('and');
    expect(errors[1]?.token).toBe('or');
    expect(errors[1]?.message).toBe(
      'unexpected `or` at 1:45: expected a value (a number, a bar field or an indicator)',
    );
  });

  it('a single error stays a single error', () => {
    expect(errorsOf('close > and volume > 1')).toHaveLength(1);
    expect(errorsOf('close > 1 and (volume > 1')).toHaveLength(1);
  });

  it('does not split inside parentheses or at the `and` of a between', () => {
    // One broken clause: the parenthesised group and the between are each one clause.
    const errors = errorsOf('(a < 1 and b <) and x between 1 and 2 and c >');
    expect(errors.map((e) => e.at)).toEqual([14, 45]);
  });

  it('caps the errors reported at ten', () => {
    const input = Array.from({ length: 30 }, () => 'a <').join(' and ');
    expect(errorsOf(input)).toHaveLength(10);
  });
});
