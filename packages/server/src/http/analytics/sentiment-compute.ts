import { scoreSentiment } from '@bellwether/analytics';

/** One news item's score, as the sentiment endpoint uses it. */
export interface NewsScore {
  readonly label: 'bearish' | 'neutral' | 'bullish';
  readonly score: number;
  readonly confidence: number;
}

/**
 * Scores texts with the finance sentiment model (~0.25 ms an item: a year's window and its 30 baseline
 * windows can hold thousands per ticker), on a worker thread (ADR 0061). Pure.
 */
export function scoreTexts(texts: readonly string[]): NewsScore[] {
  return texts.map((t) => {
    const s = scoreSentiment(t);
    return { label: s.label, score: s.score, confidence: s.confidence };
  });
}
