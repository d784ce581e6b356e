import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactTicker,
  MATCH_TIERS,
  matchTier,
  mightMatch,
  rankInstruments,
  searchQuery,
} from '../../../src/market/reference/rank-instruments.js';
import { bareInstrument } from '../../../src/market/store/bare-instrument.js';
import type { Instrument } from '../../../src/market/store/types.js';

const inst = (ticker: string, name: string, active = true): Instrument => ({
  ...bareInstrument(ticker, 'test'),
  name,
  active,
});

const UNIVERSE = [
  inst('GE', 'General Electric'),
  inst('GEHC', 'GE HealthCare Technologies'),
  inst('GD', 'General Dynamics'),
  inst('DG', 'Dollar General'),
  inst('AMGN', 'Amgen Inc.'),
  inst('BRK.B', 'Berkshire Hathaway'),
  inst('JNJ', 'Johnson & Johnson'),
  inst('JCI', 'Johnson Controls International'),
  inst('GEN', 'Gen Digital', false),
];

const ranked = (q: string) =>
  rankInstruments(searchQuery(q) as NonNullable<ReturnType<typeof searchQuery>>, UNIVERSE).map(
    (r) => `${r.instrument.ticker}:${r.tier}`,
  );

describe('instrument search ranking', () => {
  it('orders by tier, then active before inactive, then ticker', () => {
    expect(ranked('ge')).toEqual([
      'GE:ticker',
      'GEHC:ticker_prefix',
      'GEN:ticker_prefix',
      'GD:name_prefix',
      'DG:name_words',
    ]);
    expect(ranked('gen')).toEqual([
      'GEN:ticker',
      'GD:name_prefix',
      'GE:name_prefix',
      'DG:name_words',
      'AMGN:contains',
    ]);
  });

  it('reads the ticker with any separator, and every query word as the start of a word of the name', () => {
    expect(ranked('brk-b')).toEqual(['BRK.B:ticker']);
    expect(ranked('BRK/B')).toEqual(['BRK.B:ticker']);
    expect(ranked('  electric   GEN ')).toEqual(['GE:name_words']);
    expect(ranked('johnson')).toEqual(['JCI:name_prefix', 'JNJ:name_prefix']);
    expect(ranked('& johnson')).toEqual(['JNJ:contains']);
  });

  it('matches inside tickers and names only from three characters', () => {
    expect(ranked('mg')).toEqual([]);
    expect(ranked('mgen')).toEqual(['AMGN:contains']);
    expect(ranked('thaw')).toEqual(['BRK.B:contains']);
  });

  it('an empty query is no query', () => {
    expect(searchQuery('   ')).toBeUndefined();
  });

  it('property: whatever it matches, the store’s narrowing (mightMatch) keeps', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcdeghijklmnorst .&-/'), maxLength: 12 });
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ABCDEGHJ.-'), minLength: 1, maxLength: 6 }),
        word,
        word,
        (ticker, name, q) => {
          const query = searchQuery(q);
          if (query === undefined) return;
          const tier = matchTier(query, inst(ticker, name));
          if (tier === undefined) return;
          expect(MATCH_TIERS).toContain(tier);
          // What the store narrows the master with before ranking (kysely-market-listings.ts).
          const candidate = mightMatch(query, `${ticker} ${name}`.toLowerCase(), compactTicker(ticker));
          expect(candidate, `${ticker} / ${name} / ${q}: ${tier}`).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
