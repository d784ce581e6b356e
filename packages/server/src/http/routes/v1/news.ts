import { DEFAULT_SENTIMENT_MODEL_INFO } from '@bellwether/analytics';
import { iso } from '../../../clock/iso.js';
import { computeOwner } from '../../analytics/compute-pool.js';
import type { NewsScore } from '../../analytics/sentiment-compute.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { clientGone } from '../../client-gone.js';
import { decodeListCursor, encodeListCursor } from '../../discovery/list-cursor.js';
import { dateRange, MAX_FILTER_TICKERS, tickerFilter } from '../../discovery/list-query.js';
import { RAW_DATA_NOTE } from '../../discovery/raw-data-switch.js';
import { snakeCaseKeys } from '../../snake-case-keys.js';

const DAY_MS = 86_400_000;
const DEFAULT_PAGE = 50;
/** Items scored per page: ~0.25 ms each on a worker thread, so ~0.1 s at most (ADR 0061). */
const MAX_PAGE = 500;
/** The model's description, with its training settings in the API's snake_case (as /analytics/sentiment). */
const MODEL_INFO = snakeCaseKeys(DEFAULT_SENTIMENT_MODEL_INFO);

const QUERY = {
  type: 'object',
  properties: {
    ticker: {
      type: 'string',
      description: 'Only news about this ticker (or use `tickers`), e.g. VZN on the demo',
    },
    tickers: {
      type: 'string',
      description: `Only news about any of these tickers, comma-separated, at most ${MAX_FILTER_TICKERS}`,
    },
    from: { type: 'string', description: 'Published on or after this day (UTC), YYYY-MM-DD' },
    to: { type: 'string', description: 'Published on or before this day (UTC), YYYY-MM-DD' },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      default: DEFAULT_PAGE,
      description: `Items per page (at most ${MAX_PAGE}), each scored`,
    },
    cursor: { type: 'string', maxLength: 200, description: 'The next_cursor of the previous page' },
  },
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  model: { version: 'bw-sentiment-1.184e6322.20000.l4', method: 'finance lexicon … + logistic regression' },
  parameters: { tickers: ['VZN'], from: null, to: null, limit: 50 },
  count: 1,
  has_more: false,
  next_cursor: null,
  data: [
    {
      id: 'n_1',
      published_at: '2026-11-24T14:02:00Z',
      source: 'Newswire',
      headline: 'Vozane Networks beats estimates',
      summary: null,
      url: null,
      tickers: ['VZN'],
      sentiment: {
        label: 'bullish',
        score: 0.82,
        confidence: 0.86,
        model_version: 'bw-sentiment-1.184e6322.20000.l4',
      },
    },
  ],
};

const readKey = (k: readonly unknown[]) =>
  k.length === 2 && typeof k[0] === 'string' && typeof k[1] === 'string'
    ? { published_at: k[0], id: k[1] }
    : undefined;

/**
 * GET /news — stored news items published by as_of, newest first, each scored by the sentiment model the
 * /analytics/sentiment route uses (the same text, so the same score), with the model's version.
 */
export function newsRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/news',
    operationId: 'listNews',
    entitlement: 'news',
    billable: true,
    summary: 'News with sentiment scores',
    description: `News items published by as_of, newest first, about \`ticker\`/\`tickers\` (default: every instrument), published from \`from\` to \`to\` (UTC days). Each item carries its tickers and its \`sentiment\` (label, score in [−1, 1], confidence) from the model /analytics/sentiment uses, on the same text (the headline, then ". " and the summary), with the model's version; \`model\` describes it. Pages of at most ${MAX_PAGE} (\`limit\`, \`next_cursor\`). ${RAW_DATA_NOTE}`,
    tags: ['market data'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          type: 'object',
          required: ['as_of', 'model', 'parameters', 'count', 'has_more', 'next_cursor', 'data'],
          properties: {
            as_of: { type: 'string' },
            model: { type: 'object', additionalProperties: true },
            parameters: { type: 'object', additionalProperties: true },
            count: { type: 'integer' },
            has_more: { type: 'boolean' },
            next_cursor: { type: ['string', 'null'] },
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: [
                  'id',
                  'published_at',
                  'source',
                  'headline',
                  'summary',
                  'url',
                  'tickers',
                  'sentiment',
                ],
                properties: {
                  id: { type: 'string' },
                  published_at: { type: 'string' },
                  source: { type: 'string', description: 'The publisher' },
                  headline: { type: 'string' },
                  summary: { type: ['string', 'null'] },
                  url: { type: ['string', 'null'] },
                  tickers: { type: 'array', items: { type: 'string' } },
                  sentiment: {
                    type: 'object',
                    required: ['label', 'score', 'confidence', 'model_version'],
                    properties: {
                      label: { type: 'string', enum: ['bearish', 'neutral', 'bullish'] },
                      score: { type: 'number', description: 'P(bullish) − P(bearish), in [−1, 1]' },
                      confidence: { type: 'number' },
                      model_version: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
          examples: [EXAMPLE],
        },
      },
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const { from, to } = dateRange(q);
      const tickers = await tickerFilter(deps.market, q);
      const limit = Number(q.limit ?? DEFAULT_PAGE);
      const after = typeof q.cursor === 'string' ? decodeListCursor(q.cursor, readKey) : undefined;
      const now = deps.clock.now();
      const rows = await deps.listings.news({
        ...(tickers === undefined ? {} : { tickers }),
        ...(from === undefined ? {} : { from: new Date(`${from}T00:00:00Z`).toISOString() }),
        ...(to === undefined
          ? {}
          : { before: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString() }),
        ...(after === undefined ? {} : { after }),
        asOf: now,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      // Off the event loop (~0.25 ms an item); 503 when the queue is full, dropped if the client leaves.
      const scores =
        page.length === 0
          ? []
          : await deps.compute
              .admit(computeOwner(request), clientGone(reply))
              .sentiment(
                page.map((r) => (r.summary === undefined ? r.headline : `${r.headline}. ${r.summary}`)),
              );
      const last = page.at(-1);
      return {
        as_of: iso(now),
        model: MODEL_INFO,
        parameters: { tickers: tickers ?? null, from: from ?? null, to: to ?? null, limit },
        count: page.length,
        has_more: more,
        next_cursor: more && last !== undefined ? encodeListCursor([last.published_at, last.id]) : null,
        data: page.map((r, i) => {
          const s = scores[i] as NewsScore;
          return {
            id: r.id,
            published_at: iso(r.published_at),
            source: r.source,
            headline: r.headline,
            summary: r.summary ?? null,
            url: r.url ?? null,
            tickers: r.tickers,
            sentiment: {
              label: s.label,
              score: s.score,
              confidence: s.confidence,
              model_version: DEFAULT_SENTIMENT_MODEL_INFO.version,
            },
          };
        }),
      };
    },
  };
}
