import type { FamilyMeta } from '../registry/types.js';

/** News sentiment: the window and how many scored items a caller is shown. */
export const SENTIMENT_FAMILY: FamilyMeta = {
  code: 'sentiment',
  name: 'Sentiment analysis',
  description:
    'News scored by the finance sentiment model (lexicon features and logistic regression), aggregated per ticker over a window with buzz.',
  members: [],
  params: [
    {
      name: 'days',
      type: 'int',
      default: 7,
      min: 1,
      max: 366,
      description: 'Window length in days ending at `to` (or as_of) when `from` is not given',
    },
    {
      name: 'items',
      type: 'int',
      default: 20,
      min: 0,
      max: 200,
      description: 'Scored news items listed per ticker, newest first',
    },
    {
      name: 'top',
      type: 'int',
      default: 3,
      min: 1,
      max: 20,
      description: 'Most positive and most negative items listed',
    },
  ],
};
