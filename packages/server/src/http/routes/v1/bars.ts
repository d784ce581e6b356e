import { Readable } from 'node:stream';
import { iso } from '../../../clock/iso.js';
import { nextTurn } from '../../../event-loop-turns.js';
import { enforceAnswerCap, plural } from '../../../problems/answer-cap.js';
import { answerStream, type Piece, piece } from '../../analytics/answer-stream.js';
import { ADJUSTMENT } from '../../analytics/response-schema.js';
import { ResultCache } from '../../analytics/result-cache.js';
import { parseSeriesQuery, SERIES_QUERY_PROPERTIES } from '../../analytics/series-query.js';
import { loadSeriesWindow, type SeriesWindow } from '../../analytics/series-window.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { ANSWER_FORMATS, type AnswerFormat, answerFormat } from '../../discovery/answer-format.js';
import { barLines, barsObject, CSV_HEADER, windowKey } from '../../discovery/bar-pieces.js';
import { RAW_DATA_NOTE } from '../../discovery/raw-data-switch.js';

/** Bars one JSON answer may hold over all its tickers: ~60 bytes a bar, so ~12 MB at most. */
const MAX_JSON_BARS = 200_000;
/** Bars one NDJSON or CSV stream may hold: ~150 bytes a bar, sent as the client reads (flat memory). */
const MAX_STREAM_BARS = 1_000_000;
const MAX_LIMIT = 100_000;
const BYTES_PER_BAR = { json: 60, ndjson: 150, csv: 100 } as const;
/**
 * Up to this many bars (~0.6 MB of JSON), an answer is sent at once from the windows sized for it, each
 * ticker's bars formatted once and kept (ResultCache) while its data stay the same.
 */
const KEEP_BARS = 10_000;
const CACHE_BYTES = 32 * 1024 * 1024;
const n = (x: number) => x.toLocaleString('en-US');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

const QUERY = {
  type: 'object',
  properties: {
    ticker: SERIES_QUERY_PROPERTIES.ticker,
    tickers: SERIES_QUERY_PROPERTIES.tickers,
    from: {
      type: 'string',
      description:
        'First date (inclusive), YYYY-MM-DD; default: the first stored bar. A range in which a ticker has no bar is a 422 `no_data` naming the dates its bars cover',
    },
    to: {
      type: 'string',
      description: 'Last date (inclusive), YYYY-MM-DD; default: the last session closed at as_of',
    },
    adjust: {
      ...SERIES_QUERY_PROPERTIES.adjust,
      description:
        'raw: as traded; split: split-adjusted (prices and volumes); split_div: also dividend-adjusted (total return), computed from the stored corporate actions known at as_of. Adjusted prices are rounded to 4 decimals, as providers publish them (raw prices are as stored; the analytics compute on the unrounded series). The bars the analytics routes compute on by default are split_div',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_LIMIT,
      description:
        'At most this many bars per ticker: the most recent of its window (default: the whole window)',
    },
    format: {
      type: 'string',
      enum: [...ANSWER_FORMATS],
      description:
        'Instead of Accept: json (columns), ndjson (application/x-ndjson) or csv (text/csv), one bar per line',
    },
  },
  additionalProperties: false,
} as const;

const RESULT = {
  type: 'object',
  required: ['ticker', 'source', 'adjustment', 'known_through', 'last_bar', 'stale', 'count', 'dates'],
  properties: {
    ticker: { type: 'string' },
    name: { type: 'string' },
    source: {
      type: 'string',
      description: 'Where the bars came from (synthetic, csv:…), `+`-joined when several',
    },
    adjustment: {
      type: ['string', 'null'],
      description:
        'The adjustment of these prices: as asked, or split_div for a series its provider adjusted',
    },
    known_through: { type: ['string', 'null'], description: 'Last session closed at as_of' },
    last_bar: { type: ['string', 'null'], description: "The ticker's last bar known at as_of" },
    stale: { type: 'boolean', description: 'True when last_bar is before known_through' },
    from: { type: ['string', 'null'] },
    to: { type: ['string', 'null'] },
    count: { type: 'integer' },
    dates: { type: 'array', items: { type: 'string' } },
    open: { type: 'array', items: { type: 'number' } },
    high: { type: 'array', items: { type: 'number' } },
    low: { type: 'array', items: { type: 'number' } },
    close: { type: 'array', items: { type: 'number' } },
    volume: { type: 'array', items: { type: 'number' } },
  },
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  adjustment: 'split_div',
  parameters: { from: '2026-11-20', to: null, limit: null },
  count: 2,
  results: [
    {
      ticker: 'VZN',
      name: 'Vozane Networks',
      source: 'synthetic',
      adjustment: 'split_div',
      known_through: '2026-11-24',
      last_bar: '2026-11-24',
      stale: false,
      from: '2026-11-21',
      to: '2026-11-24',
      count: 2,
      dates: ['2026-11-21', '2026-11-24'],
      open: [41.2, 41.9],
      high: [42.05, 42.3],
      low: [40.88, 41.6],
      close: [41.87, 42.11],
      volume: [1834200, 1522900],
    },
  ],
};

/**
 * GET /bars — daily OHLCV of one or many tickers over a window, adjusted as asked from the stored corporate
 * actions: one columnar JSON document, or NDJSON/CSV streamed one bar per line. Sized before anything is
 * sent: a request over its cap is refused with the cap and how to split it.
 */
export function barsRoute(deps: AppDeps): ApiRouteDef {
  const cache = new ResultCache<{ readonly bytes: Uint8Array }>(CACHE_BYTES);
  /** A window's bars formatted, from the cache or formatted now and kept. */
  const formatted = (w: SeriesWindow, format: AnswerFormat): Uint8Array => {
    const key = windowKey(w, format);
    const hit = cache.get(key);
    if (hit !== undefined) return hit.bytes;
    const text = format === 'json' ? barsObject(w) : [...barLines(w, format)].join('');
    const bytes = Buffer.from(text);
    cache.set(key, { bytes });
    return bytes;
  };
  return {
    method: 'GET',
    path: '/bars',
    operationId: 'listBars',
    entitlement: 'bars',
    billable: true,
    summary: 'Daily bars (OHLCV)',
    description: `Daily open, high, low, close and volume of \`ticker\` (or \`tickers\`, at most 100) from \`from\` to \`to\`, known at as_of, adjusted as \`adjust\` says (default split_div, the prices the analytics compute on). JSON answers hold each ticker's bars as columns (\`dates\`, \`open\`, …) beside its source, adjustment, known_through, last_bar and stale; \`Accept: application/x-ndjson\` or \`text/csv\` (or \`format=\`) streams one bar per line with its ticker, adjustment and source (\`Bellwether-As-Of\` header). One JSON answer holds at most ${n(MAX_JSON_BARS)} bars and one stream ${n(MAX_STREAM_BARS)} (tickers × bars in each window); a larger request is refused with 422 \`validation_failed\` before anything is sent — split it by window (from/to, limit) or by ticker. ${RAW_DATA_NOTE}`,
    tags: ['market data'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          description: 'Columnar JSON, or an NDJSON/CSV stream (one bar per line)',
          type: 'object',
          required: ['as_of', 'adjustment', 'parameters', 'count', 'results'],
          properties: {
            as_of: { type: 'string' },
            adjustment: ADJUSTMENT,
            parameters: { type: 'object', additionalProperties: true },
            count: { type: 'integer', description: 'Bars over all tickers' },
            results: { type: 'array', items: RESULT },
          },
          examples: [EXAMPLE],
        },
      },
    },
    async handler(request, reply) {
      const q = request.query as Record<string, unknown>;
      const p = parseSeriesQuery({ ...q, limit: undefined });
      const limit = q.limit === undefined ? undefined : Number(q.limit);
      const format = answerFormat(q.format, request.headers.accept);
      const now = deps.clock.now();
      const window = { from: p.from, to: p.to, adjust: p.adjust, limit: limit ?? Number.POSITIVE_INFINITY };
      const load = (ticker: string) => loadSeriesWindow(deps.market, ticker, window, now);
      const max = format === 'json' ? MAX_JSON_BARS : MAX_STREAM_BARS;
      // A key with its large-answer slots taken is told before anything is read, if this may be large.
      deps.answers.refuseEarly(
        request,
        p.tickers.length * Math.min(limit ?? 10_000, 10_000) * BYTES_PER_BAR[format],
      );
      // Sized before anything is sent (unknown tickers are refused here too). The windows of a small answer
      // are kept and it is sent in one piece; a large one is streamed, each window loaded again in its turn.
      let total = 0;
      let kept: SeriesWindow[] | undefined = [];
      for (const [i, ticker] of p.tickers.entries()) {
        if (i > 0) await nextTurn();
        const w = await load(ticker);
        total += w.end - w.start;
        if (kept !== undefined && total <= KEEP_BARS) kept.push(w);
        else kept = undefined;
      }
      enforceAnswerCap({
        unit: 'bars',
        count: total,
        max,
        formula: `bars over all tickers' windows (${format === 'json' ? 'JSON' : 'NDJSON/CSV'})`,
        factors: `${plural(p.tickers.length, 'ticker')} with ${plural(total, 'bar')} in their windows`,
        paginate:
          format === 'json'
            ? `a shorter window (from/to, or limit) or fewer tickers per request — or stream NDJSON/CSV (format=ndjson), up to ${n(MAX_STREAM_BARS)} bars`
            : 'a shorter window (from/to, or limit) or fewer tickers per request',
      });
      deps.answers.take(request, reply, total * BYTES_PER_BAR[format]);
      const tickers = p.tickers;
      const head = {
        as_of: iso(now),
        adjustment: p.adjust,
        parameters: { from: p.from ?? null, to: p.to ?? null, limit: limit ?? null },
        count: total,
      };
      const open = `${JSON.stringify(head).slice(0, -1)},"results":[`;
      if (format === 'json') {
        reply.type('application/json; charset=utf-8');
        if (kept !== undefined) {
          const parts = kept.flatMap((w, i) => [...(i === 0 ? [] : [COMMA]), formatted(w, 'json')]);
          return reply.send(Buffer.concat([Buffer.from(open), ...parts, CLOSE]));
        }
        async function* pieces(): AsyncGenerator<Piece> {
          yield piece(open);
          for (let i = 0; i < tickers.length; i++) {
            if (i > 0) await nextTurn();
            const w = await load(tickers[i] as string);
            yield piece(`${i === 0 ? '' : ','}${barsObject(w)}`);
          }
          yield piece(']}');
        }
        return reply.send(answerStream(pieces()));
      }
      const form = format === 'csv' ? 'csv' : 'ndjson';
      reply.header('bellwether-as-of', iso(now));
      reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8');
      if (kept !== undefined)
        return reply.send(
          Buffer.concat([
            ...(form === 'csv' ? [Buffer.from(CSV_HEADER)] : []),
            ...kept.map((w) => formatted(w, form)),
          ]),
        );
      async function* lines(): AsyncGenerator<string> {
        if (form === 'csv') yield CSV_HEADER;
        for (const ticker of tickers) {
          await nextTurn();
          for (const chunk of barLines(await load(ticker), form)) {
            yield chunk;
            await nextTurn();
          }
        }
      }
      return reply.send(Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 }));
    },
  };
}
