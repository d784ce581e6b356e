import { describe, expect, it } from 'vitest';
import { scoreSentiment } from '../../src/sentiment/index.js';

describe('finance phrases through the full engine (lexicon + learned model)', () => {
  // Bare fragments: the engine's score must have the right sign (a bare fragment may still be
  // labelled neutral — the learned layer leans neutral on texts with almost no words).
  it.each([
    ['fell less than expected', 1],
    ['losses narrowed', 1],
    ['beats estimates', 1],
    ['cut guidance', -1],
    ['not as strong as hoped', -1],
    ['rose less than expected', -1],
  ] as const)('fragment "%s" → score sign %i', (text, sign) => {
    expect(Math.sign(scoreSentiment('Acme ' + text).score)).toBe(sign);
  });

  // Headlines using them: the label must be right.
  it.each([
    ['Acme shares fell less than expected after earnings', 'bullish'],
    ['Acme quarterly losses narrowed', 'bullish'],
    ['Acme beats estimates', 'bullish'],
    ['Acme cut guidance for the year', 'bearish'],
    ['Acme results were not as strong as hoped', 'bearish'],
    ['Acme beats estimates but cuts guidance', 'bearish'],
    ['Acme misses estimates but raises guidance', 'bullish'],
  ] as const)('%s → %s', (text, label) => {
    expect(scoreSentiment(text).label).toBe(label);
  });
});

describe('output contract', () => {
  it('score in [−1, 1] equals P(bullish) − P(bearish); confidence is the top probability', () => {
    for (const text of ['Acme beats estimates', 'Edited Transcript of ACME earnings call', 'Acme plunges']) {
      const r = scoreSentiment(text);
      const p = r.probabilities;
      expect(p.bearish + p.neutral + p.bullish).toBeCloseTo(1, 12);
      expect(r.score).toBeCloseTo(p.bullish - p.bearish, 12);
      expect(r.confidence).toBe(Math.max(p.bearish, p.neutral, p.bullish));
      expect(Math.abs(r.score)).toBeLessThanOrEqual(1);
    }
  });

  it('drivers name the phrases that moved the score, strongest first', () => {
    const r = scoreSentiment('Acme cut guidance', { topDrivers: 4 });
    expect(r.drivers.length).toBe(4);
    expect(r.drivers.map((d) => d.phrase)).toContain('cut guidance');
    const mags = r.drivers.map((d) => Math.abs(d.contribution));
    expect([...mags].sort((a, b) => b - a)).toEqual(mags);
    expect(r.drivers.find((d) => d.phrase === 'cut guidance')!.contribution).toBeLessThan(0);
    expect(scoreSentiment('Acme cut guidance', { topDrivers: 0 }).drivers).toEqual([]);
  });

  it('lexicon weight 0 leaves the learned model alone; larger weights push toward the lexicon', () => {
    const text = 'Acme fell less than expected';
    const a = scoreSentiment(text, { lexiconWeight: 0 }).score;
    const b = scoreSentiment(text, { lexiconWeight: 4 }).score;
    expect(b).toBeGreaterThan(a);
  });

  it('empty text is neutral-leaning, finite and has no lexicon hits', () => {
    const r = scoreSentiment('');
    expect(Number.isFinite(r.score)).toBe(true);
    expect(r.lexiconHits).toEqual([]);
  });
});

/**
 * Issue #29: sentences written for these tests (invented companies and figures), not taken from the
 * development or blind sets. Proper nouns must not drive the score.
 */
describe('company news the way an analyst reads it', () => {
  const properNouns = ['plervane', 'motors', 'apple', 'iphone', 'nasdaq', 'helsinki', 'oslo', 'kestrel'];
  const noProperNounDriver = (text: string) => {
    const drivers = scoreSentiment(text, { topDrivers: 10 }).drivers.map((d) => d.phrase);
    for (const p of properNouns)
      expect(
        drivers.some((d) => d.split(' ').includes(p)),
        `${text}: ${p}`,
      ).toBe(false);
  };

  it('the two examples of the issue: bearish, and neutral, with no proper-noun driver', () => {
    expect(scoreSentiment('Plervane Motors widens quarterly loss, suspends buyback').label).toBe('bearish');
    expect(scoreSentiment('Apple announces new iPhone').label).toBe('neutral');
    noProperNounDriver('Plervane Motors widens quarterly loss, suspends buyback');
    noProperNounDriver('Apple announces new iPhone');
  });

  it.each([
    ['Kestrel Foods reported net sales of EUR 212 mn, up 3 % on the previous year.'],
    ["Earnings per share were EUR 0.41, a cent above last year's EUR 0.40."],
    ['The board proposes a dividend of EUR 0.55 per share, up from EUR 0.50 a year earlier.'],
    ['At the end of the quarter the order book stood at EUR 840 mn, up 6 % on the year.'],
    ['The agreement strengthens the long-standing partnership between the two companies.'],
    ['The company swung to a net profit of EUR 3.1 mn from a net loss of EUR 0.6 mn a year earlier.'],
    ['Operating profit rose slightly, to EUR 5.4 mn from EUR 5.2 mn.'],
  ])('modest growth and swings to profit are bullish: %s', (text) => {
    expect(scoreSentiment(text).label).toBe('bullish');
  });

  it("a proposed dividend above last year's told by figures alone: read as up, score leans bullish", () => {
    // Known limit: the tweet-learned layer reads dividend declarations as neutral, so this wording
    // (no "up", only compared figures) is labelled neutral at P 0.54 vs bullish 0.45.
    const r = scoreSentiment(
      'The board proposes a dividend of EUR 0.55 per share, compared with EUR 0.50 a year earlier.',
    );
    expect(r.lexiconHits.map((h) => h.phrase)).toEqual(['dividend up']);
    expect(r.score).toBeGreaterThan(0.3);
    expect(r.label).not.toBe('bearish');
  });

  it.each([
    ['The operating loss was EUR 1.9 mn, down from an operating profit of EUR 0.7 mn a year earlier.'],
    ['Kestrel Foods said it had suspended its share buyback programme because of weak demand.'],
    ['The board has decided to cancel the dividend for the financial year.'],
    ["Quarterly earnings per share of EUR 0.18 missed analysts' estimates of EUR 0.25."],
    ['The company cut its full-year guidance and now expects flat sales.'],
    ["Return on investment was 6.1 %, well below last year's 9.8 %."],
    [
      'The group posted a net loss of SEK 41m for the quarter, compared with a net profit of SEK 12m a year earlier.',
    ],
  ])('adverse moves are bearish: %s', (text) => {
    expect(scoreSentiment(text).label).toBe('bearish');
  });

  it.each([
    ['Kestrel Foods is headquartered in Oslo and employs about 1,200 people in six countries.'],
    ["The company's shares are listed on Nasdaq Helsinki under the ticker KSTRL."],
    ['The number of registered shares after the issue is 48,203,110.'],
    ['The new pump series is designed for district heating networks in Scandinavia.'],
    ['The offer price is expected to be between EUR 11.50 and EUR 13.00 per share.'],
    ['Apple announces new iPhone'],
  ])('plain descriptions are neutral and no proper noun drives them: %s', (text) => {
    expect(scoreSentiment(text).label).toBe('neutral');
    noProperNounDriver(text);
  });
});
