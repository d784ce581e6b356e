import type { SentimentLabel } from './labels.js';

/** One scored text about a ticker (e.g. a headline run through `scoreSentiment`). */
export interface ScoredItem {
  readonly ticker: string;
  /** Publication time, epoch ms. */
  readonly timeMs: number;
  readonly label: SentimentLabel;
  /** In [−1, 1]. */
  readonly score: number;
  readonly id?: string;
}

export interface AggregateOptions {
  /** Window [windowStartMs, windowEndMs) being summarised. */
  readonly windowStartMs: number;
  readonly windowEndMs: number;
  /** Buzz baseline: the this-many windows of equal length just before the window. Default 30. */
  readonly baselineWindows?: number;
  /** Items listed in topPositive / topNegative. Default 3. */
  readonly topN?: number;
}

export interface TickerSentiment {
  readonly ticker: string;
  /** Items in the window. */
  readonly count: number;
  /** Mean score in the window (NaN if none). */
  readonly meanScore: number;
  readonly counts: Readonly<Record<SentimentLabel, number>>;
  /**
   * Window count divided by the ticker's average count per window over the baseline; 1 = usual
   * attention. NaN when the ticker had no items in the baseline.
   */
  readonly buzz: number;
  /** Highest-scoring items of the window (score > 0), best first. */
  readonly topPositive: readonly ScoredItem[];
  /** Lowest-scoring items of the window (score < 0), worst first. */
  readonly topNegative: readonly ScoredItem[];
}

/**
 * Per-ticker sentiment over a time window: mean score, label counts, buzz against the ticker's own
 * recent average, and the most positive and negative items. Tickers with items in the window only
 * are reported, sorted by ticker. Items outside window and baseline are ignored.
 */
export function aggregateSentiment(
  items: readonly ScoredItem[],
  options: AggregateOptions,
): TickerSentiment[] {
  const { windowStartMs: start, windowEndMs: end } = options;
  const baselineWindows = options.baselineWindows ?? 30;
  const topN = options.topN ?? 3;
  if (!(end > start)) throw new RangeError('aggregateSentiment: windowEndMs must be after windowStartMs');
  if (!(baselineWindows > 0)) throw new RangeError('aggregateSentiment: baselineWindows must be > 0');
  const baselineStart = start - baselineWindows * (end - start);
  const inWindow = new Map<string, ScoredItem[]>();
  const baseline = new Map<string, number>();
  for (const it of items) {
    if (it.timeMs >= start && it.timeMs < end) {
      const list = inWindow.get(it.ticker);
      if (list === undefined) inWindow.set(it.ticker, [it]);
      else list.push(it);
    } else if (it.timeMs >= baselineStart && it.timeMs < start) {
      baseline.set(it.ticker, (baseline.get(it.ticker) ?? 0) + 1);
    }
  }
  const out: TickerSentiment[] = [];
  for (const ticker of [...inWindow.keys()].sort()) {
    const list = inWindow.get(ticker)!;
    const counts = { bearish: 0, neutral: 0, bullish: 0 };
    let sum = 0;
    for (const it of list) {
      counts[it.label]++;
      sum += it.score;
    }
    const base = baseline.get(ticker) ?? 0;
    const byScore = [...list].sort((a, b) => b.score - a.score || a.timeMs - b.timeMs);
    out.push({
      ticker,
      count: list.length,
      meanScore: sum / list.length,
      counts,
      buzz: base > 0 ? list.length / (base / baselineWindows) : Number.NaN,
      topPositive: byScore.filter((it) => it.score > 0).slice(0, topN),
      topNegative: byScore
        .filter((it) => it.score < 0)
        .reverse()
        .slice(0, topN),
    });
  }
  return out;
}
