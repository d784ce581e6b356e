import {
  aggregateSentiment,
  DEFAULT_SENTIMENT_MODEL_INFO,
  type ScoredItem,
  SENTIMENT_FAMILY,
  scoreSentiment,
} from '@bellwether/analytics';
import { iso } from '../../../../clock/iso.js';
import { nextTurn } from '../../../../event-loop-turns.js';
import { validateTicker } from '../../../../market/validate-ticker.js';
import { enforceAnswerCap, plural } from '../../../../problems/answer-cap.js';
import { invalidFields, ProblemError } from '../../../../problems/problem-error.js';
import { computeOwner } from '../../../analytics/compute-pool.js';
import { paramMax, paramQueryProperties, paramValues } from '../../../analytics/param-schema.js';
import { analyticsResponse, OPEN_OBJECTS } from '../../../analytics/response-schema.js';
import type { NewsScore } from '../../../analytics/sentiment-compute.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../../analytics/series-query.js';
import type { ApiRouteDef } from '../../../api-route.js';
import type { AppDeps } from '../../../app-deps.js';
import { clientGone } from '../../../client-gone.js';
import { snakeCaseKeys } from '../../../snake-case-keys.js';

const DAY_MS = 86_400_000;
/** The model's description, with its training settings in the API's snake_case. */
const MODEL_INFO = snakeCaseKeys(DEFAULT_SENTIMENT_MODEL_INFO);
const MAX_TEXT_CHARS = 2000;
/**
 * News items one request may have scored, over its tickers' windows and their 30 baseline windows:
 * ~0.25 ms an item, so ~2.5 s of one worker thread at the cap (ADR 0061).
 */
const MAX_SCORED_NEWS = 10_000;
/** Windows of the same length before the window that make a ticker's usual attention (the buzz baseline). */
const BASELINE_WINDOWS = 30;
const MAX_WINDOW_DAYS = paramMax(SENTIMENT_FAMILY.params, 'days');

const QUERY = {
  type: 'object',
  properties: {
    ticker: SERIES_QUERY_PROPERTIES.ticker,
    tickers: SERIES_QUERY_PROPERTIES.tickers,
    from: {
      type: 'string',
      description:
        'First day of the window (inclusive, UTC), YYYY-MM-DD; default: `days` before `to`. A window that ends before the first stored news of a ticker is a 422 `no_data` naming what is stored (the synthetic demo has news of its last 20 sessions)',
    },
    to: {
      type: 'string',
      description: 'Last day of the window (inclusive, UTC); default: up to as_of',
    },
    ...paramQueryProperties(SENTIMENT_FAMILY.params),
    text: {
      type: 'string',
      maxLength: MAX_TEXT_CHARS,
      description: `Score this text (at most ${MAX_TEXT_CHARS} characters) directly, with the phrases that drove the score`,
      examples: ['Shares jump after the company beats estimates and raises guidance'],
    },
  },
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  model: { version: 'bw-sentiment-1.184e6322.20000.l4', method: 'finance lexicon … + logistic regression' },
  parameters: { from: '2026-11-18', to: '2026-11-24', days: 7, baseline_windows: 30 },
  results: [
    {
      ticker: 'VZN',
      count: 4,
      mean_score: 0.31,
      tone: 'bullish',
      counts: { bearish: 1, neutral: 1, bullish: 2 },
      buzz: 1.8,
      top_positive: [
        {
          id: 'n_1',
          published_at: '2026-11-24T14:02:00Z',
          headline: 'Vozane Networks beats estimates',
          score: 0.82,
        },
      ],
      top_negative: [],
      items: [],
    },
  ],
  text: {
    text: 'Shares jump after the company beats estimates',
    label: 'bullish',
    score: 0.78,
    confidence: 0.83,
  },
};

interface ScoredNews extends ScoredItem {
  readonly id: string;
  readonly published_at: string;
  readonly source: string;
  readonly headline: string;
  readonly url: string | null;
  readonly confidence: number;
}

const tone = (mean: number) =>
  !Number.isFinite(mean) ? 'none' : mean > 0.1 ? 'bullish' : mean < -0.1 ? 'bearish' : 'neutral';

/** GET /analytics/sentiment — per-ticker news sentiment over a window with buzz, or one text scored directly. */
export function sentimentRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/analytics/sentiment',
    operationId: 'getSentimentAnalytics',
    entitlement: 'sentiment',
    billable: true,
    summary: 'Sentiment analysis',
    description: `News stored for each ticker and published in the window, scored by the finance sentiment model: mean score, counts by label, buzz (items against the ticker’s own average over the 30 windows before), the most positive and negative items and the scored items themselves. \`text=\` scores a short text directly with the phrases that drove it. Every response names the method and model version. Only news published before as_of is read. One request scores at most ${MAX_SCORED_NEWS.toLocaleString('en-US')} stored items (each ticker's window and the 30 windows before it, which give buzz its baseline); a larger one is refused with 422 \`validation_failed\` before anything is scored (ask for a shorter window or fewer tickers).`,
    tags: ['analytics'],
    schema: {
      querystring: QUERY,
      response: analyticsResponse(
        { model: { type: 'object', additionalProperties: true }, results: OPEN_OBJECTS },
        EXAMPLE,
      ),
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const text = typeof q.text === 'string' ? q.text : undefined;
      const wantsTickers = q.ticker !== undefined || q.tickers !== undefined;
      if (text !== undefined && text.trim() === '')
        throw invalidFields([{ pointer: '/query/text', detail: 'is empty' }]);
      if (!wantsTickers && text === undefined)
        throw invalidFields([{ pointer: '/query/ticker', detail: 'give ticker, tickers (a batch) or text' }]);
      const now = deps.clock.now();
      const base = { as_of: iso(now), model: MODEL_INFO };
      const scoredText = text === undefined ? undefined : scoreText(text);
      if (!wantsTickers && scoredText !== undefined) return { ...base, parameters: {}, text: scoredText };
      const p = parseSeriesQuery({ ...q, adjust: undefined, limit: undefined });
      const values = paramValues(SENTIMENT_FAMILY.params, q);
      const days = Number(values.days);
      const endMs = Math.min(
        now.getTime(),
        p.to === undefined ? Number.POSITIVE_INFINITY : Date.parse(`${p.to}T00:00:00Z`) + DAY_MS,
      );
      const startMs = p.from === undefined ? endMs - days * DAY_MS : Date.parse(`${p.from}T00:00:00Z`);
      if (!(endMs > startMs) || endMs - startMs > MAX_WINDOW_DAYS * DAY_MS)
        throw invalidFields([
          {
            pointer: '/query/from',
            detail:
              endMs > startMs
                ? `the window may span at most ${MAX_WINDOW_DAYS} days`
                : 'the window ends before it starts (is from after as_of?)',
          },
        ]);
      const itemsShown = Number(values.items);
      const topN = Number(values.top);
      const baselineStart = startMs - BASELINE_WINDOWS * (endMs - startMs);
      // Read first (the baseline reaches 30 windows back), capped before anything is scored.
      const read = [];
      const before: { ticker: string; from: string | null; to: string | null }[] = [];
      for (const t of p.tickers) {
        // A ticker's news is read synchronously (SQLite): let other requests in between tickers.
        await nextTurn();
        const instrument = await validateTicker(deps.market, t);
        // A window the client placed that ends before anything stored about the ticker: no_data, not zeros.
        if (p.from !== undefined || p.to !== undefined) {
          const span = await deps.market.newsSpan(instrument.ticker, now);
          if (span === undefined || Date.parse(span.first) >= endMs)
            before.push({
              ticker: instrument.ticker,
              from: span === undefined ? null : iso(span.first),
              to: span === undefined ? null : iso(span.last),
            });
        }
        read.push({
          instrument,
          news: await deps.market.getNews(instrument.ticker, new Date(baselineStart), now),
        });
      }
      if (before.length > 0)
        throw new ProblemError(
          'no_data',
          `No news stored before ${iso(endMs)} for ${before.map((b) => (b.from === null ? `${b.ticker} (none stored)` : `${b.ticker} (stored: ${b.from} … ${b.to})`)).join(', ')}: the window ${iso(startMs)} … ${iso(endMs)} has nothing to score. Ask for a window that ends after the first stored item.`,
          { extras: { data_covers: before } },
        );
      const items = read.reduce((n, r) => n + r.news.length, 0);
      enforceAnswerCap({
        unit: 'news items to score',
        count: items,
        max: MAX_SCORED_NEWS,
        formula: "news items scored (each ticker's window and the 30 windows before it)",
        factors: `${plural(read.length, 'ticker')}, published from ${iso(new Date(baselineStart))}`,
        paginate: 'a shorter window (days, or from/to) or fewer tickers per request',
      });
      // Off the event loop (~0.25 ms an item); 503 when the queue is full, dropped if the client leaves.
      const compute = deps.compute.admit(computeOwner(request), clientGone(reply));
      const results = [];
      for (const { instrument, news } of read) {
        const scores = await compute.sentiment(
          news.map((n) => (n.summary === undefined ? n.headline : `${n.headline}. ${n.summary}`)),
        );
        const scored: ScoredNews[] = news.map((n, i) => {
          const s = scores[i] as NewsScore;
          return {
            ticker: instrument.ticker,
            timeMs: Date.parse(n.published_at),
            id: n.id,
            published_at: iso(n.published_at),
            source: n.source,
            headline: n.headline,
            url: n.url ?? null,
            label: s.label,
            score: s.score,
            confidence: s.confidence,
          };
        });
        const agg = aggregateSentiment(scored, {
          windowStartMs: startMs,
          windowEndMs: endMs,
          baselineWindows: BASELINE_WINDOWS,
          topN,
        })[0];
        const inWindow = scored
          .filter((x) => x.timeMs >= startMs && x.timeMs < endMs)
          .sort((a, b) => b.timeMs - a.timeMs || a.id.localeCompare(b.id));
        const baseline = scored.filter((x) => x.timeMs < startMs).length;
        const view = (x: ScoredItem) => {
          const { ticker: _t, timeMs: _m, ...rest } = x as ScoredNews;
          return rest;
        };
        results.push({
          ticker: instrument.ticker,
          name: instrument.name,
          count: agg?.count ?? 0,
          mean_score: agg === undefined ? null : agg.meanScore,
          tone: tone(agg?.meanScore ?? Number.NaN),
          counts: agg?.counts ?? { bearish: 0, neutral: 0, bullish: 0 },
          buzz: agg !== undefined && Number.isFinite(agg.buzz) ? agg.buzz : null,
          ...(agg !== undefined && Number.isFinite(agg.buzz)
            ? {}
            : {
                buzz_reason:
                  baseline === 0
                    ? `no news of ${instrument.ticker} in the ${BASELINE_WINDOWS} windows before`
                    : 'no news in the window',
              }),
          baseline_items: baseline,
          sources: [...new Set(inWindow.map((x) => x.source))].sort(),
          top_positive: (agg?.topPositive ?? []).map(view),
          top_negative: (agg?.topNegative ?? []).map(view),
          items: inWindow.slice(0, itemsShown).map(view),
        });
      }
      return {
        ...base,
        parameters: {
          from: iso(new Date(startMs)),
          to: iso(new Date(endMs)),
          window: '[from, to) by publication time, UTC',
          days: (endMs - startMs) / DAY_MS,
          baseline_windows: BASELINE_WINDOWS,
          items: itemsShown,
          top: topN,
          text_scored: 'headline, then ". " and the summary when there is one',
        },
        results,
        ...(scoredText === undefined ? {} : { text: scoredText }),
      };
    },
  };
}

function scoreText(text: string) {
  const s = scoreSentiment(text);
  return {
    text,
    label: s.label,
    score: s.score,
    confidence: s.confidence,
    probabilities: s.probabilities,
    drivers: s.drivers,
  };
}
