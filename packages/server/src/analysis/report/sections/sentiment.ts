import type { ReportInput } from '../report-input.js';
import { section } from './section.js';

export const SENTIMENT_DAYS = 30;
const SHOWN = 5;

/** Stored news of the last days scored by the sentiment model: mean, balance and the strongest items. */
export function sentimentSection(input: ReportInput) {
  const news = input.news ?? [];
  const mean = news.length === 0 ? null : news.reduce((a, x) => a + x.score, 0) / news.length;
  const counts = { bullish: 0, neutral: 0, bearish: 0 } as Record<string, number>;
  for (const n of news) counts[n.label] = (counts[n.label] ?? 0) + 1;
  const strongest = [...news]
    .sort((a, b) => Math.abs(b.score) - Math.abs(a.score) || (a.published_at < b.published_at ? 1 : -1))
    .slice(0, SHOWN);
  const tone = mean === null ? 'none' : mean > 0.1 ? 'bullish' : mean < -0.1 ? 'bearish' : 'neutral';
  const narrative =
    mean === null
      ? `No stored news mentions ${input.ticker} in the ${SENTIMENT_DAYS} days to ${input.as_of.slice(0, 10)}.`
      : `${news.length} news item${news.length === 1 ? '' : 's'} in ${SENTIMENT_DAYS} days, mean score ${mean.toFixed(2)} (${tone}): ` +
        `${counts.bullish ?? 0} bullish, ${counts.bearish ?? 0} bearish, ${counts.neutral ?? 0} neutral.`;
  return section(
    input,
    {
      days: SENTIMENT_DAYS,
      model: 'bellwether finance sentiment (lexicon + logistic layer)',
      score_range: [-1, 1],
    },
    { items: news.length, mean_score: mean, tone, counts, strongest },
    narrative,
    news.length === 0 ? 'none' : [...new Set(news.map((n) => n.source))].sort().join('+'),
  );
}
