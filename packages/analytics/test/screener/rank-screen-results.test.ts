import { describe, expect, it } from 'vitest';
import { rankScreenResults } from '../../src/index.js';

const rows = [
  { ticker: 'A', matched: true, sort: 2 },
  { ticker: 'B', matched: false, sort: 9 },
  { ticker: 'C', matched: true, sort: null },
  { ticker: 'D', matched: true, sort: 5 },
  { ticker: 'E', matched: true, sort: 2 },
  { ticker: 'F', matched: true, sort: -1 },
];

describe('rankScreenResults', () => {
  it('keeps matches, sorts descending with ties in input order and no value last', () => {
    expect(rankScreenResults(rows, { descending: true, limit: 50 }).map((r) => r.ticker)).toEqual([
      'D',
      'A',
      'E',
      'F',
      'C',
    ]);
  });

  it('sorts ascending, still with no value last, and applies the limit', () => {
    expect(rankScreenResults(rows, { descending: false, limit: 3 }).map((r) => r.ticker)).toEqual([
      'F',
      'A',
      'E',
    ]);
    expect(rankScreenResults(rows, { descending: false, limit: 0 })).toEqual([]);
  });

  it('does not mutate its input', () => {
    const copy = structuredClone(rows);
    rankScreenResults(rows, { descending: true, limit: 2 });
    expect(rows).toEqual(copy);
  });
});
