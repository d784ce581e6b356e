import { describe, expect, it } from 'vitest';
import { parseSort, parseWhere } from '../../src/index.js';
import { showTree } from './show-tree.js';

const tree = (input: string) => {
  const r = parseWhere(input);
  if (!r.ok) throw new Error(`${input}: ${r.errors[0]?.message}`);
  return showTree(r.tree);
};

const error = (input: string) => {
  const r = parseWhere(input);
  if (r.ok) throw new Error(`${input} parsed`);
  expect(r.errors).toHaveLength(1);
  const { offset, length, token, message } = r.errors[0]!;
  return { offset, length, token, message };
};

describe('parseWhere: precedence and associativity', () => {
  it.each([
    ['a < 1 or b < 2 and c < 3', '(or (< a 1) (and (< b 2) (< c 3)))'],
    ['a < 1 and b < 2 or c < 3', '(or (and (< a 1) (< b 2)) (< c 3))'],
    ['not a < 1 and b < 2', '(and (not (< a 1)) (< b 2))'],
    ['not not a < 1', '(not (not (< a 1)))'],
    ['not (a < 1 and b < 2)', '(not (and (< a 1) (< b 2)))'],
    ['(a < 1 or b < 2) and c < 3', '(and (or (< a 1) (< b 2)) (< c 3))'],
    ['a < 1 and b < 2 and c < 3', '(and (and (< a 1) (< b 2)) (< c 3))'],
    ['a + b * c > -d / 2', '(> (+ a (* b c)) (/ (neg d) 2))'],
    ['1 - 2 - 3 > 0', '(> (- (- 1 2) 3) 0)'],
    ['a / b / c >= 1', '(>= (/ (/ a b) c) 1)'],
    ['(close - open) / open > 0.02', '(> (/ (- close open) open) 0.02)'],
    ['-(close - open) > 0', '(> (neg (- close open)) 0)'],
    ['(close) > (open)', '(> close open)'],
    ['((a < 1))', '(< a 1)'],
  ])('%s → %s', (input, expected) => {
    expect(tree(input)).toBe(expected);
  });
});

describe('parseWhere: operators, numbers and names', () => {
  it.each([
    ['a crosses_above b', '(crosses_above a b)'],
    ['A CROSSES_BELOW sma(50) AND Close < 1', '(and (crosses_below a sma(50)) (< close 1))'],
    [
      'sma(50) crosses_above sma(200) or rsi crosses_below 30',
      '(or (crosses_above sma(50) sma(200)) (crosses_below rsi 30))',
    ],
    ['x == 1 or x = 2', '(or (= x 1) (= x 2))'],
    ['x != 1 and x <> 2', '(and (!= x 1) (!= x 2))'],
    ['x ≤ 1 and x ≥ 0 and x ≠ 0.5', '(and (and (<= x 1) (>= x 0)) (!= x 0.5))'],
    ['a × 2 ÷ b − 1 > 0', '(> (- (/ (* a 2) b) 1) 0)'],
    [
      'volume > 1e7 and x > 1E-3 and y > .5 and z > -2.5 and w > 2.',
      '(and (and (and (and (> volume 10000000) (> x 0.001)) (> y 0.5)) (> z -2.5)) (> w 2))',
    ],
    ['rsi < 30 and rsi() < 30 and rsi(14) < 30', '(and (and (< rsi 30) (< rsi() 30)) (< rsi(14) 30))'],
    ['macd(12,26,9).signal > macd(12, 26, 9).hist', '(> macd(12,26,9).signal macd(12,26,9).hist)'],
    ['bbands(20, nbdev_up=2.5).upper < close', '(< bbands(20,nbdev_up=2.5).upper close)'],
    [
      'ma(30, ema) > close and bbands(20,-1,+2).lower < 1',
      '(and (> ma(30,ema) close) (< bbands(20,-1,2).lower 1))',
    ],
    ['rsi(14) < 30\n  and close > sma(200)', '(and (< rsi(14) 30) (> close sma(200)))'],
  ])('%s → %s', (input, expected) => {
    expect(tree(input)).toBe(expected);
  });

  it('parses the issue #28 example into a left-leaning and-chain', () => {
    expect(tree('rsi(14) < 30 and close > sma(200) and avg_dollar_volume(20) > 1e7')).toBe(
      '(and (and (< rsi(14) 30) (> close sma(200))) (> avg_dollar_volume(20) 10000000))',
    );
  });

  it('records where each node is written', () => {
    const r = parseWhere('rsi(14) < 30 and  macd.signal > 0');
    if (!r.ok) throw new Error('did not parse');
    expect(r.tree.span).toEqual({ offset: 0, length: 33 });
    if (r.tree.kind !== 'and' || r.tree.right.kind !== 'compare') throw new Error('shape');
    const ref = r.tree.right.left;
    if (ref.kind !== 'reference') throw new Error('shape');
    expect(ref.span).toEqual({ offset: 18, length: 11 });
    expect(ref.nameSpan).toEqual({ offset: 18, length: 4 });
    expect(ref.output?.span).toEqual({ offset: 23, length: 6 });
  });
});

describe('parseWhere: errors point at the offending token', () => {
  it.each([
    ['close', 5, 0, '', 'expected a comparison after `close` at 1:6'],
    ['close and rsi < 30', 6, 3, 'and', 'expected a comparison after `close` at 1:7: found `and`'],
    ['rsi(14) < 30 or volume', 22, 0, '', 'expected a comparison after `volume` at 1:23'],
    ['rsi(14) <', 9, 0, '', 'unexpected end of the expression at 1:10: expected a value'],
    ['(a < 1', 6, 0, '', 'expected `)` to close the `(` at 1:1'],
    ['a < 1)', 5, 1, ')', 'unexpected `)` at 1:6: it closes nothing'],
    ['a < 1 b < 2', 6, 1, 'b', 'unexpected `b` at 1:7: expected `and`, `or` or an operator before it'],
    ['a < b < c', 6, 1, '<', 'comparisons cannot be chained (`a < b` then `<`) at 1:7: join them with `and`'],
    ['a < b crosses_above c', 6, 13, 'crosses_above', 'a comparison cannot be chained'],
    ['(a < 1) + 2 > 3', 0, 7, '(a < 1)', 'expected a value, found the condition `(a < 1)` at 1:1'],
    ['and a < 1', 0, 3, 'and', 'unexpected `and` at 1:1: expected a value'],
    ['a < not', 4, 3, 'not', 'unexpected `not` at 1:5'],
    ['rsi(14,) < 3', 7, 1, ')', 'unexpected `)` at 1:8: expected an argument'],
    ['rsi(14 < 3', 7, 1, '<', 'expected `,` or `)` in the arguments of `rsi`'],
    ['sma(-x) > 1', 5, 1, 'x', 'expected a number after the sign'],
    ['macd(12,26,9). > 0', 15, 1, '>', 'expected an output name after `macd`.'],
    ['close > 5 && open > 4', 10, 1, '&', 'unexpected character "&" at 1:11: write `and`'],
    ['close > 5 || open > 4', 10, 1, '|', 'write `or`'],
    ['close > $5', 8, 1, '$', 'unexpected character "$" at 1:9'],
    ['close > 1e', 8, 2, '1e', 'malformed number at 1:9'],
    ['close > 1.2.3', 8, 5, '1.2.3', 'malformed number'],
    ['rsi(14d) < 3', 4, 3, '14d', 'malformed number at 1:5'],
    ['close > 1e999', 8, 5, '1e999', 'number out of range at 1:9'],
    ['close crosses above sma(50)', 6, 7, 'crosses', 'did you mean `crosses_above`?'],
    ['', 0, 0, '', 'empty expression at 1:1'],
    ['  \n ', 4, 0, '', 'empty expression at 2:2'],
    ['close > 1 and\nopen >', 20, 0, '', 'unexpected end of the expression at 2:7'],
    ['close > 😀', 8, 2, '😀', 'unexpected character "😀" at 1:9'],
  ])('%j → offset %i, length %i', (input, offset, length, token, message) => {
    const e = error(input);
    expect({ offset: e.offset, length: e.length, token: e.token }).toEqual({ offset, length, token });
    expect(e.message).toContain(message);
  });

  it('refuses input longer than maxLength, pointing at the excess', () => {
    const input = `close > 1${' and close > 1'.repeat(80)}`;
    const e = error(input);
    expect(e.offset).toBe(1000);
    expect(e.length).toBe(input.length - 1000);
    expect(e.message).toContain('longer than 1000 characters');
    expect(parseWhere('close > 1 and open > 1', { maxLength: 10 }).ok).toBe(false);
  });

  it('refuses nesting deeper than maxDepth at the opening that exceeds it', () => {
    const ok = `${'('.repeat(32)}a < 1${')'.repeat(32)}`;
    expect(parseWhere(ok).ok).toBe(true);
    const e = error(`${'('.repeat(33)}a < 1${')'.repeat(33)}`);
    expect(e).toMatchObject({ offset: 32, length: 1, token: '(' });
    expect(e.message).toContain('nesting deeper than 32 levels');
    expect(error(`${'not '.repeat(40)}a < 1`).message).toContain('nesting deeper than 32');
    expect(error(`a < ${'-'.repeat(40)}1`).message).toContain('nesting deeper than 32');
  });

  it('refuses more than maxNodes nodes', () => {
    const big = Array.from({ length: 60 }, (_, i) => `x${i} < ${i}`).join(' and ');
    expect(big.length).toBeLessThan(1000);
    expect(error(big).message).toContain('expression larger than 200 nodes');
    expect(parseWhere(big, { maxNodes: 1000 }).ok).toBe(true);
  });
});

describe('parseSort', () => {
  it.each([
    ['-roc(20)', true, 'roc(20)'],
    ['roc(20)', false, 'roc(20)'],
    ['+close', false, 'close'],
    ['- close / sma(200)', true, '(/ close sma(200))'],
    ['--roc(20)', true, '(neg roc(20))'],
  ])('%s → descending %s by %s', (input, descending, value) => {
    const r = parseSort(input);
    if (!r.ok) throw new Error(r.errors[0]?.message);
    expect(r.tree.descending).toBe(descending);
    expect(showTree(r.tree.value)).toBe(value);
  });

  it.each([
    ['rsi(14) < 30', 8, 'a sort is a value such as -roc(20), not a condition'],
    ['-', 1, 'unexpected end of the expression'],
    ['', 0, 'empty expression'],
    ['roc(20) close', 8, 'expected `and`, `or` or an operator before it'],
    ['(rsi(14) < 30)', 0, 'expected a value, found the condition'],
  ])('%j is refused at offset %i', (input, offset, message) => {
    const r = parseSort(input);
    if (r.ok) throw new Error('parsed');
    expect(r.errors[0]?.offset).toBe(offset);
    expect(r.errors[0]?.message).toContain(message);
  });
});
