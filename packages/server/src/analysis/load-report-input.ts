import { createHash } from 'node:crypto';
import { scoreSentiment } from '@bellwether/analytics';
import { nextTurn } from '../event-loop-turns.js';
import type { BenchmarkResolver } from '../market/store/benchmark-resolver.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import { seriesOrIssue } from '../market/store/series-or-issue.js';
import type { DailySeries, Instrument } from '../market/store/types.js';
import { PermanentJobError } from './job-problem.js';
import {
  type AnalysisTier,
  MIN_ANALYSIS_BARS,
  type OhlcvColumns,
  type ReportInput,
} from './report/report-input.js';
import { SENTIMENT_DAYS } from './report/sections/sentiment.js';

const MAX_PEERS = 10;
/** News items scored per turn of the event loop. */
const SCORED_PER_TURN = 25;
const ADJUSTMENT = 'split_div' as const;

function columns(s: DailySeries): OhlcvColumns {
  return {
    ticker: s.ticker,
    source: s.source,
    dates: s.dates,
    open: s.open,
    high: s.high,
    low: s.low,
    close: s.close,
    volume: s.volume,
  };
}

/** The bootstrap seed: a function of ticker and data as-of only, so every run of the job agrees. */
function scenarioSeed(ticker: string, dataThrough: string): number {
  return createHash('sha256').update(`${ticker}|${dataThrough}`).digest().readUInt32BE(0);
}

/** The history check shared by submission (a 422) and the runner (a permanent failure). */
export function historyProblem(ticker: string, bars: number): string | undefined {
  return bars >= MIN_ANALYSIS_BARS
    ? undefined
    : `${ticker} has ${bars} daily bars; an analysis needs at least ${MIN_ANALYSIS_BARS} (the 200-day average and the 52-week range).`;
}

/**
 * Reads what a report is computed from, as of `asOf`. Bad input is a PermanentJobError. It runs on the
 * event loop every request shares, and in embedded mode each series read is synchronous work (SQLite,
 * adjustment), so it gives other requests a turn before each series and between batches of scored news:
 * a Full report's twelve series are twelve short turns, not one long one (issue #23's isolation bench).
 */
export async function loadReportInput(
  deps: { readonly market: MarketDataRepo; readonly benchmarks: BenchmarkResolver },
  ticker: string,
  tier: AnalysisTier,
  asOf: Date,
): Promise<ReportInput> {
  const { market } = deps;
  const found = await market.findTicker(ticker);
  if (!found.ok) throw new PermanentJobError('unknown_ticker', `Unknown ticker "${ticker}".`);
  const instrument = found.instrument;
  const query = { asOf, adjustment: ADJUSTMENT };
  const series = await seriesOrIssue(market, instrument.ticker, query);
  if (series instanceof DataIssueError) throw new PermanentJobError('data_issue', `${series.message}.`);
  const problem = historyProblem(instrument.ticker, series?.dates.length ?? 0);
  if (series === undefined || problem !== undefined)
    throw new PermanentJobError('insufficient_history', problem ?? `${ticker} has no bars.`);
  const dataThrough = series.dates.at(-1) as string;
  const base = {
    ticker: instrument.ticker,
    name: instrument.name,
    sector: instrument.sector,
    tier,
    as_of: series.as_of,
    known_through: series.known_through,
    adjustment: ADJUSTMENT,
    series: columns(series),
    seed: scenarioSeed(instrument.ticker, dataThrough),
  };
  if (tier === 'Light') return base;
  await nextTurn();
  // The benchmark risk, the feed and the cards use for this window (ADR 0081), named with why.
  const { choice, series: bench } = await deps.benchmarks.resolve(query, dataThrough);
  const own = choice.ticker === instrument.ticker;
  const withBench = {
    ...base,
    benchmark_choice: own ? { ...choice, detail: `${choice.detail}; the ticker is the benchmark` } : choice,
    ...(own || bench === undefined || bench.dates.length === 0 ? {} : { benchmark: columns(bench) }),
  };
  if (tier === 'Medium') return withBench;
  const news = await market.getNews(
    instrument.ticker,
    new Date(asOf.getTime() - SENTIMENT_DAYS * 86_400_000),
    asOf,
  );
  const scored = [];
  for (const [i, n] of news.entries()) {
    if (i % SCORED_PER_TURN === 0) await nextTurn();
    const s = scoreSentiment(n.summary === undefined ? n.headline : `${n.headline}. ${n.summary}`);
    scored.push({
      published_at: n.published_at,
      source: n.source,
      headline: n.headline,
      score: s.score,
      label: s.label,
    });
  }
  const peers: OhlcvColumns[] = [];
  const peersLeftOut: { ticker: string; reason: string }[] = [];
  const industry = instrument.industry ?? null;
  if (instrument.sector !== null || industry !== null) {
    // The same industry first (the closest peers), then the rest of the sector.
    const ofIndustry = (i: Instrument) => industry !== null && i.industry === industry;
    const candidates = (await market.listInstruments()).filter(
      (i) =>
        i.active &&
        i.ticker !== instrument.ticker &&
        (ofIndustry(i) || (instrument.sector !== null && i.sector === instrument.sector)),
    );
    const same = [...candidates.filter(ofIndustry), ...candidates.filter((i) => !ofIndustry(i))].slice(
      0,
      MAX_PEERS,
    );
    for (const p of same) {
      await nextTurn();
      // A peer whose data cannot be served is no peer (ADR 0080): never the report's failure.
      const s = await seriesOrIssue(market, p.ticker, query);
      if (s instanceof DataIssueError) peersLeftOut.push({ ticker: p.ticker, reason: s.message });
      else if (s !== undefined && s.dates.length > 0) peers.push(columns(s));
    }
  }
  return {
    ...withBench,
    news: scored,
    peers,
    ...(peersLeftOut.length === 0 ? {} : { peers_left_out: peersLeftOut }),
  };
}
