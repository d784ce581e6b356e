/** Output classes, in the order used by the model's weight rows. */
export const SENTIMENT_LABELS = ['bearish', 'neutral', 'bullish'] as const;

export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
