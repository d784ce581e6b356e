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
