/**
 * The report's momentum verdict reads from the three figures it shows (issue #49): a "▲ positive" beside
 * RSI 47.6 and −4 % over the month was the MACD histogram alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { momentumState } from '../../src/analysis/report/sections/momentum.js';

describe('momentumState', () => {
  it('the reported case: RSI 47.6, MACD above its signal, −4 % over 21 sessions is mixed', () => {
    expect(momentumState(47.6, 0.12, -4)).toBe('mixed');
  });

  it('is positive only when all three figures point up and negative only when all three point down', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 30.01, max: 69.99, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -30, max: 30, noNaN: true }),
        (rsi, hist, roc) => {
          const state = momentumState(rsi, hist, roc);
          if (state === 'positive') expect(rsi > 50 && hist > 0 && roc > 0).toBe(true);
          if (state === 'negative') expect(rsi < 50 && hist < 0 && roc < 0).toBe(true);
          if (rsi > 50 && hist > 0 && roc > 0) expect(state).toBe('positive');
          if (rsi < 50 && hist < 0 && roc < 0) expect(state).toBe('negative');
        },
      ),
    );
  });

  it('overbought and oversold come first, and a missing figure is mixed', () => {
    expect(momentumState(75, -1, -3)).toBe('overbought');
    expect(momentumState(25, 1, 3)).toBe('oversold');
    expect(momentumState(60, Number.NaN, 2)).toBe('mixed');
  });
});
