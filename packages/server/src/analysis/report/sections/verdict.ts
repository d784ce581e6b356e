import type { ReportInput } from '../report-input.js';
import type { momentumSection } from './momentum.js';
import { section } from './section.js';
import type { trendSection } from './trend.js';
import type { volatilitySection } from './volatility.js';

export type Verdict = 'bullish' | 'bearish' | 'neutral';

/**
 * A vote of the trend and momentum readings (+1 / −1 / 0 each); the verdict is the sign of the total
 * when it is at least 2 in size. Each vote is listed with the number behind it.
 */
export function verdictSection(
  input: ReportInput,
  trend: ReturnType<typeof trendSection>,
  momentum: ReturnType<typeof momentumSection>,
  volatility: ReturnType<typeof volatilitySection>,
) {
  const votes: { factor: string; vote: -1 | 0 | 1; because: string }[] = [];
  const vote = (factor: string, v: -1 | 0 | 1, because: string) => votes.push({ factor, vote: v, because });
  vote(
    'trend',
    trend.regime === 'uptrend' ? 1 : trend.regime === 'downtrend' ? -1 : 0,
    `regime ${trend.regime}`,
  );
  const c = trend.close;
  if (trend.sma_200 !== null) vote('long_term', c > trend.sma_200 ? 1 : -1, `close vs 200-day average`);
  const rsi = momentum.rsi_14;
  if (rsi !== null)
    vote('rsi', rsi >= 55 && rsi < 70 ? 1 : rsi <= 45 && rsi > 30 ? -1 : 0, `RSI(14) ${rsi.toFixed(1)}`);
  const h = momentum.macd.histogram;
  if (h !== null) vote('macd', h > 0 ? 1 : h < 0 ? -1 : 0, `MACD histogram ${h.toFixed(3)}`);
  const score = votes.reduce((a, v) => a + v.vote, 0);
  const verdict: Verdict = score >= 2 ? 'bullish' : score <= -2 ? 'bearish' : 'neutral';
  const narrative =
    `${verdict[0]?.toUpperCase()}${verdict.slice(1)}: ${votes.filter((v) => v.vote > 0).length} of ${votes.length} readings point up and ` +
    `${votes.filter((v) => v.vote < 0).length} down (score ${score}); volatility is ${volatility.regime}. ` +
    'This is a reading of the numbers above, not a trade recommendation.';
  return section(input, { threshold: 2 }, { verdict, score, votes }, narrative);
}
