/**
 * What a search that matched nothing suggests (issue #49): name queries too, not only misspelt tickers —
 * on the 505 S&P 500 constituents' real names (Pooksoft's constituents.csv).
 */
import { readFileSync } from 'node:fs';
import { sharedDataPath } from '@bellwether/fixtures';
import { describe, expect, it } from 'vitest';
import { rankInstruments, searchQuery } from '../../../src/market/reference/rank-instruments.js';
import { suggestInstrument } from '../../../src/market/reference/suggest-instrument.js';
import { bareInstrument } from '../../../src/market/store/bare-instrument.js';
import type { Instrument } from '../../../src/market/store/types.js';

const CONSTITUENTS: Instrument[] = readFileSync(
  sharedDataPath('Pooksoft__PooksoftSP500EquityPriceDataSet', 'constituents.csv'),
  'utf8',
)
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [ticker, ...rest] = line.split(',');
    // Names may hold commas; the sector is the last field.
    const name = rest.slice(0, -1).join(',').replace(/^"|"$/g, '');
    return { ...bareInstrument(ticker as string, 'test'), name };
  });

const query = (q: string) => searchQuery(q) as NonNullable<ReturnType<typeof searchQuery>>;
const suggest = (q: string, universe = CONSTITUENTS) => suggestInstrument(query(q), universe);

describe('suggestInstrument', () => {
  it.each([
    ['JP Morgan', 'JPM'],
    ['jp morgan chase', 'JPM'],
    ['cocacola', 'KO'],
    ['pfiser', 'PFE'],
    ['JNJX', 'JNJ'],
    ['GOOGX', 'GOOG'],
    ['microsfot', 'MSFT'],
  ])('%s, which the search does not find, suggests %s', (q, ticker) => {
    expect(rankInstruments(query(q), CONSTITUENTS)).toEqual([]);
    expect(suggest(q)).toBe(ticker);
  });

  it('suggests nothing when nothing is close', () => {
    expect(suggest('zzqx')).toBeUndefined();
    expect(suggest('quantum teleportation')).toBeUndefined();
  });

  it('a company the server does not hold suggests nothing rather than a stranger', () => {
    const withoutApple = CONSTITUENTS.filter((i) => i.ticker !== 'AAPL');
    // Five letters are tried as a ticker within one edit only (ALLE is two away), and a word that short is
    // not matched to the start of longer name words (Applied Materials' "applied").
    expect(suggest('apple', withoutApple)).toBeUndefined();
    expect(suggest('applesauce co', withoutApple)).toBeUndefined();
    // With Apple held, the search finds it by name and no suggestion is needed.
    expect(rankInstruments(query('apple'), CONSTITUENTS).map((r) => r.instrument.ticker)).toContain('AAPL');
  });
});
