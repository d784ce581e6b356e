import { describe, expect, it } from 'vitest';
import { scoreLexicon, tokenize } from '../../src/sentiment/index.js';

const lex = (text: string) => scoreLexicon(tokenize(text));

describe('tokenize', () => {
  it('normalises links, cashtags, signed percentages, numbers and contractions', () => {
    expect(tokenize("$AAPL +5.2% after Apple's beat, isn't it? https://t.co/x1 2,000")).toEqual([
      '<tkr>',
      '<pct+>',
      'after',
      'apple',
      'beat',
      ',',
      'is',
      'not',
      'it',
      '?',
      '<url>',
      '<num>',
    ]);
    expect(tokenize('Roku -5.1% and won’t recover')).toEqual([
      'roku',
      '<pct->',
      'and',
      'will',
      'not',
      'recover',
    ]);
  });
});

describe('finance phrases where general lexicons fail', () => {
  it.each([
    ['Shares fell less than expected', 1],
    ['Quarterly losses narrowed', 1],
    ['Acme beats estimates', 1],
    ['Acme cut guidance', -1],
    ['Margins were not as strong as hoped', -1],
    ['Sales rose less than expected', -1],
    ['Hedge funds have never been this bullish on Acme', 1],
  ] as const)('%s → sign %i', (text, sign) => {
    expect(Math.sign(lex(text).score)).toBe(sign);
  });
});

describe('scope rules', () => {
  it('negation flips and damps a hit within three tokens, not across punctuation', () => {
    const plain = lex('results strong').hits[0]!;
    const negated = lex('results not strong').hits[0]!;
    expect(negated.negated).toBe(true);
    expect(negated.polarity).toBeCloseTo(-0.75 * plain.polarity, 12);
    expect(lex('not bad, results strong').hits.at(-1)!.negated).toBe(false);
    expect(lex('no change in the outlook for strong').hits.at(-1)!.negated).toBe(false);
  });

  it('diminishers halve and intensifiers raise a hit by half', () => {
    const base = lex('shares lower').score;
    expect(lex('shares slightly lower').hits[0]!.polarity).toBeCloseTo(
      0.5 * lex('shares lower').hits[0]!.polarity,
      12,
    );
    expect(lex('shares plunged sharply').hits[0]!.polarity).toBeCloseTo(-0.8 * 1.5, 12);
    expect(base).toBeLessThan(0);
  });

  it('contrast: the clause after "but" outweighs the one before', () => {
    expect(lex('Acme beats estimates but cuts guidance').score).toBeLessThan(0);
    expect(lex('Acme misses estimates but raises guidance').score).toBeGreaterThan(0);
    const hits = lex('strong quarter but weak outlook').hits;
    expect(hits[0]!.polarity).toBeCloseTo(0.5 * 0.5, 12);
    expect(hits[1]!.polarity).toBeCloseTo(-0.5 * 1.5, 12);
  });

  it('concessive clauses are damped up to the next comma', () => {
    const hits = lex('although revenue was weak, profit surged').hits;
    expect(hits[0]!.polarity).toBeCloseTo(-0.5 * 0.5, 12);
    // "profit surged" is a quantity change (profit up, 0.8), outside the concessive clause.
    expect(hits.at(-1)!.phrase).toBe('profit up');
    expect(hits.at(-1)!.polarity).toBeCloseTo(0.8, 12);
  });

  it('options are honoured', () => {
    expect(scoreLexicon(tokenize('not strong'), { negationFactor: -1 }).hits[0]!.polarity).toBeCloseTo(
      -0.5,
      12,
    );
  });

  it('score is the squashed sum s/√(s²+1) and lies in (−1, 1)', () => {
    const r = lex('Acme beats estimates, raises guidance and hikes dividend');
    const s = r.positive - r.negative;
    expect(r.score).toBeCloseTo(s / Math.sqrt(s * s + 1), 12);
    expect(Math.abs(r.score)).toBeLessThan(1);
  });
});
