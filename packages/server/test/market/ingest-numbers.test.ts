import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNumber, parseNumberAt } from '../../src/market/ingest/parse-number.js';

function inPlace(text: string): number {
  const padded = `x,${text},y`;
  return parseNumberAt(padded, 2, 2 + text.length);
}

describe('number cells', () => {
  it('reads plain decimals in place exactly as Number() does', () => {
    const decimal = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^[0-9]{1,12}$/),
        fc.option(fc.stringMatching(/^[0-9]{0,10}$/), { nil: undefined }),
      )
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    fc.assert(
      fc.property(decimal, (text) => {
        expect(Object.is(inPlace(text), Number(text))).toBe(true);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 8 }), (x, k) => {
        const text = x.toFixed(k);
        expect(Object.is(inPlace(text), Number(text))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('falls back to Number() rules for long mantissas, exponents and spaces, and refuses what is not a number', () => {
    for (const text of [
      '12345678901234567890',
      '0.12345678901234567891',
      '1e3',
      ' 42 ',
      '.5',
      '5.',
      '-0',
      '4006500.0',
    ]) {
      expect(Object.is(inPlace(text), Number(text))).toBe(true);
    }
    for (const text of ['', '-', '.', '0x10', '0b1', 'Infinity', '-Infinity', 'NaN', 'abc', '1,5', '1.2.3']) {
      expect(inPlace(text)).toBeNaN();
      expect(parseNumber(text)).toBeNaN();
    }
  });
});
