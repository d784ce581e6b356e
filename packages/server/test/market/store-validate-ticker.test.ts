import { describe, expect, it } from 'vitest';
import { editDistance, suggestTicker } from '../../src/market/store/suggest-ticker.js';
import type { Instrument, TickerLookup } from '../../src/market/store/types.js';
import { validateTicker } from '../../src/market/validate-ticker.js';
import { ProblemError } from '../../src/problems/problem-error.js';

const KNOWN = ['AAPL', 'ABT', 'BRK.B', 'MSFT', 'SPY', 'GOOGL'];

function instrument(ticker: string): Instrument {
  return {
    ticker,
    name: ticker,
    exchange: 'XNYS',
    asset_class: 'equity',
    currency: 'USD',
    sector: null,
    calendar: 'XNYS',
    active: true,
    source: 'test',
  };
}

/** A findTicker over a fixed list, as the repository implements it. */
const repo = {
  async findTicker(ticker: string): Promise<TickerLookup> {
    const wanted = ticker.trim().toUpperCase();
    if (KNOWN.includes(wanted)) return { ok: true, instrument: instrument(wanted) };
    const suggestion = suggestTicker(wanted, KNOWN);
    return suggestion === undefined ? { ok: false } : { ok: false, suggestion };
  },
};

async function problemOf(ticker: string): Promise<ProblemError> {
  try {
    await validateTicker(repo, ticker);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error(`${ticker} was accepted`);
}

describe('validateTicker', () => {
  it('returns the instrument of a known ticker, whatever its case', async () => {
    expect((await validateTicker(repo, 'msft')).ticker).toBe('MSFT');
  });

  it('throws a 422 unknown_ticker problem with a suggestion for a typo', async () => {
    const p = await problemOf('APPL');
    expect(p.code).toBe('unknown_ticker');
    expect(p.status).toBe(422);
    expect(p.extras.suggestion).toBe('AAPL');
    expect(p.detail).toContain('AAPL');
  });

  it('suggests a ticker the input is a prefix of when no ticker is within two edits', async () => {
    expect((await problemOf('GOOGLXYZ')).extras.suggestion).toBe('GOOGL');
  });

  it('throws without a suggestion when nothing is close', async () => {
    const p = await problemOf('ZZZZZZZZ');
    expect(p.code).toBe('unknown_ticker');
    expect(p.extras.suggestion).toBeUndefined();
  });
});

describe('suggestTicker', () => {
  it('prefers the smallest edit distance and breaks ties alphabetically', () => {
    expect(suggestTicker('SPX', KNOWN)).toBe('SPY');
    expect(suggestTicker('AB', ['ABT', 'ABC'])).toBe('ABC');
  });

  it('suggests a name whose leading words are within two edits when no whole name is (issue #26)', () => {
    const setups = ['trend_pullback', 'breakout_volume', 'mean_reversion_in_trend', 'volatility_squeeze'];
    expect(suggestTicker('breakot', setups)).toBe('breakout_volume');
    expect(suggestTicker('mean_revresion', setups)).toBe('mean_reversion_in_trend');
    expect(suggestTicker('sqeeze', setups)).toBeUndefined();
    // A whole name within two edits still comes first.
    expect(suggestTicker('min_varience', ['min', 'min_cvar', 'min_variance'])).toBe('min_variance');
  });

  it('computes the Levenshtein distance', () => {
    expect(editDistance('KITTEN', 'SITTING')).toBe(3);
    expect(editDistance('', 'ABC')).toBe(3);
    expect(editDistance('SAME', 'SAME')).toBe(0);
  });
});
