import { describe, expect, it } from 'vitest';
import { scoreLexicon, tokenize } from '../../src/sentiment/index.js';
import { matchQuantityChanges } from '../../src/sentiment/quantity-change.js';
import { tokenizeWithAmounts } from '../../src/sentiment/tokenize.js';

/** Sentences written for this test (not taken from any data set). */
const changes = (text: string) => {
  const { tokens, amounts } = tokenizeWithAmounts(text);
  return matchQuantityChanges(tokens, amounts);
};
const sign = (text: string) => {
  const { tokens, amounts } = tokenizeWithAmounts(text);
  return Math.sign(scoreLexicon(tokens, {}, amounts).score);
};

describe('financial quantity changes', () => {
  it.each([
    ['Net sales of the group increased by 9 % in the quarter', 'net sales up', 1],
    ['Operating costs rose to EUR 41 mn', 'operating costs up', -1],
    ['The company reported lower personnel costs', 'personnel costs down', 1],
    ['The operating loss narrowed to EUR 1.1 mn', 'operating loss down', 1],
    ['Net debt was cut by a third', 'net debt down', 1],
    ['Order intake declined sharply in Asia', 'order intake down', -1],
    ['a decline in operating profit', 'operating profit down', -1],
    ['Gearing improved to 41 % from 58 %', 'gearing up', 1],
    ['The margin deteriorated in the second half', 'margin down', -1],
    ['Production costs fell by USD 2 a tonne', 'production costs down', 1],
  ])('%s → %s (%i)', (text, phrase, polarity) => {
    const found = changes(text);
    expect(found).toHaveLength(1);
    expect(found[0]!.phrase).toBe(phrase);
    expect(Math.sign(found[0]!.value)).toBe(polarity);
  });

  it.each([
    // to X from Y / from Y to X / X compared with Y, with scale words and signs
    ['Revenue reached EUR 88.2 mn from EUR 79.0 mn', 1],
    ['Revenue went from EUR 88.2 mn to EUR 79.0 mn', -1],
    ['Pre-tax profit was GBP 4.1m compared with GBP 6.3m a year earlier', -1],
    ['Operating profit amounted to EUR 0.4 mn, against a loss of EUR 2.0 mn', 1],
    ['The net loss was EUR 3.3 mn compared with a net profit of EUR 1.2 mn', -1],
    ['Operating cash flow was a negative EUR 2.5 mn, compared to EUR 9.9 mn', -1],
    ['Net sales were EUR 900,000 compared with EUR 1.2 million', -1],
    ['The cost-to-income ratio stood at 51 % versus 57 % a year ago', 1],
    // A bare quantity that is also a lexicon word ("profit", "loss") still takes the figures' direction.
    ['Profit was EUR 2.0 mn compared with EUR 5.1 mn', -1],
    ['Loss was EUR 1.0 mn compared with EUR 3.2 mn a year earlier', 1],
    ['The net loss was EUR 0.8 mn against EUR 2.9 mn', 1],
  ])('compared figures decide the direction: %s → %i', (text, expected) => {
    expect(sign(text)).toBe(expected);
  });

  it('a figure without a comparison is no change', () => {
    expect(changes('Net sales for the first half totalled EUR 61.7 mn')).toEqual([]);
    expect(changes('Operating profit was EUR 3.0 mn, or 6 % of net sales')).toEqual([]);
    expect(changes('Net sales were unchanged at EUR 20 mn')).toEqual([]);
  });

  it('negation between the quantity and its direction flips and damps it', () => {
    const [c] = changes('Operating profit did not improve in the period');
    expect(c!.negated).toBe(true);
    expect(c!.value).toBeCloseTo(-0.8 * 0.75, 12);
  });

  it('a change outranks the bare direction word, a curated phrase outranks the change', () => {
    const costs = scoreLexicon(tokenize('Raw material costs rose sharply')).hits.map((h) => h.phrase);
    expect(costs).toEqual(['raw material costs up']);
    const guidance = scoreLexicon(tokenize('Acme cut guidance')).hits.map((h) => h.phrase);
    expect(guidance).toEqual(['cut guidance']);
  });

  it('corporate events carry their sign', () => {
    expect(sign('Vintra Oy has won a EUR 12 mn order from a Danish utility')).toBe(1);
    expect(sign('The group will cut 300 jobs and close two plants')).toBe(-1);
    expect(sign('The company booked an impairment of EUR 40 mn')).toBe(-1);
    expect(sign('The merger is expected to bring cost savings of EUR 5 mn a year')).toBe(1);
  });

  it('a deal with a stated value is good news; one without a value says nothing', () => {
    const phrases = (text: string) => scoreLexicon(tokenize(text)).hits.map((h) => h.phrase);
    expect(phrases('Norvik Marine signed a EUR 31 mn agreement to supply deck cranes')).toContain(
      'deal with a stated value',
    );
    expect(phrases('The order, valued at about 9 mln euro, covers two ferries')).toContain(
      'deal with a stated value',
    );
    expect(phrases('The agreement was signed in Oslo on 3 May')).toEqual([]);
    expect(phrases('Delivery of the order will start in the autumn')).toEqual([]);
  });
});

/**
 * Issue #29: company news read the way an analyst reads it. Sentences written for these tests (invented
 * companies and figures), not taken from the development or blind sets.
 */
describe('swings between profit and loss', () => {
  it.each([
    ['Torvald Foods swung to a net profit of EUR 4.2 mn from a net loss of EUR 1.1 mn', 1],
    ['EPS came to EUR 0.12, up from a loss per share of EUR 0.05', 1],
    ['Operating profit was USD 3.0 million against an operating loss of USD 0.8 million a year ago', 1],
    ['The operating loss was EUR 2.3 mn, down from a profit of EUR 1.8 mn a year earlier', -1],
    ['The group posted a pre-tax loss of GBP 6m, compared with a pre-tax profit of GBP 9m last year', -1],
    ['Loss per share was SEK 0.40, compared with earnings per share of SEK 0.22 in the previous year', -1],
    ['The company returned to an operating profit in the third quarter', 1],
    ['The unit slipped into the red in the second half', -1],
    ['Quarterly earnings swung to a loss on weaker prices', -1],
  ])('%s → %i', (text, expected) => {
    expect(sign(text)).toBe(expected);
  });

  it('a swing read from figures outranks the direction word and the loss word in its span', () => {
    const { tokens, amounts } = tokenizeWithAmounts(
      'An operating loss of EUR 2.3 mn, down from a profit of EUR 1.8 mn',
    );
    const hits = scoreLexicon(tokens, {}, amounts).hits;
    expect(hits.map((h) => h.phrase)).toEqual(['operating loss up']);
    expect(hits[0]!.carriesScope).toBe(true);
    expect(hits[0]!.polarity).toBeLessThan(0);
  });
});

describe('adverse verbs on good things', () => {
  it.each([
    ['Halvard Shipping suspends its share buyback', -1],
    ['The board cancelled the remaining part of the repurchase programme', -1],
    ['The company scrapped its interim dividend to preserve cash', -1],
    ['The dividend payment has been postponed until the autumn', -1],
    ['The group withdrew its full-year guidance', -1],
    ['Marlow Group widens quarterly loss', -1],
    ['The net loss widened to EUR 9 mn', -1],
    ["Quarterly sales missed analysts' estimates", -1],
    ['Earnings per share came in below consensus', -1],
    ["Revenue fell short of the company's own forecast", -1],
    ['The company cut its full-year sales guidance', -1],
    ['The retailer lowered its 2025 profit outlook', -1],
    ["Return on investment was well below last year's level", -1],
    ['The equity ratio fell to 31 % from 38 %', -1],
    ['The combined ratio rose to 103 % from 96 %', -1],
    ['The bank resumed its dividend after two years', 1],
    ['Operating profit beat market expectations', 1],
    ["Sales came in ahead of the company's guidance", 1],
    ["Return on capital employed was above the previous year's level", 1],
  ])('%s → %i', (text, expected) => {
    expect(sign(text)).toBe(expected);
  });

  it('a stopped buyback is not a buyback: the phrase gives way to the action', () => {
    const phrases = scoreLexicon(tokenize('Acme suspends buyback')).hits.map((h) => h.phrase);
    expect(phrases).toEqual(['buyback stopped']);
  });

  it('"result in" is a verb, not the quantity result', () => {
    expect(changes('The sale will result in lower costs')).toHaveLength(1);
    expect(changes('The sale will result in lower costs')[0]!.phrase).toBe('costs down');
  });
});
