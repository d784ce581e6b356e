import type { StreamQuote, StreamTrade } from '../../../market/streams/stream-event.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { MAX_FILTER_TICKERS, tickerFilter } from '../../discovery/list-query.js';
import { RAW_DATA_NOTE } from '../../discovery/raw-data-switch.js';

const QUERY = {
  type: 'object',
  required: ['tickers'],
  properties: {
    tickers: {
      type: 'string',
      minLength: 1,
      description: `Comma-separated tickers, at most ${MAX_FILTER_TICKERS}; the example is a ticker of the synthetic demo market`,
      examples: ['VZN'],
    },
  },
  additionalProperties: false,
} as const;

const AT = {
  type: 'string',
  description: 'When it happened (the provider’s timestamp), ISO 8601 UTC with milliseconds',
};
const AGE = {
  type: 'integer',
  description: 'Milliseconds between `at` and as_of (negative if the provider’s clock runs ahead)',
};

const TRADE = {
  type: ['object', 'null'],
  required: ['price', 'size', 'at', 'age_ms'],
  properties: { price: { type: 'number' }, size: { type: 'number' }, at: AT, age_ms: AGE },
} as const;

const QUOTE = {
  type: ['object', 'null'],
  required: ['bid', 'bid_size', 'ask', 'ask_size', 'at', 'age_ms'],
  properties: {
    bid: { type: 'number' },
    bid_size: { type: 'number' },
    ask: { type: 'number' },
    ask_size: { type: 'number' },
    at: AT,
    age_ms: AGE,
  },
} as const;

const EXAMPLE = {
  as_of: '2026-12-07T15:30:00.000Z',
  realtime: false,
  delay_minutes: 15,
  stream: { source: 'alpaca-iex', state: 'streaming' },
  data: [
    {
      ticker: 'AAPL',
      source: 'alpaca-iex',
      trade: { price: 191.42, size: 100, at: '2026-12-07T15:14:59.871Z', age_ms: 900_129 },
      quote: {
        bid: 191.41,
        bid_size: 3,
        ask: 191.43,
        ask_size: 2,
        at: '2026-12-07T15:14:59.902Z',
        age_ms: 900_098,
      },
    },
  ],
};

/** Live data keep their milliseconds (the API's other instants are to the second). */
const iso = (ms: number) => new Date(ms).toISOString();

const trade = (t: StreamTrade | undefined, now: number) =>
  t === undefined ? null : { price: t.price, size: t.size, at: iso(t.at), age_ms: Math.round(now - t.at) };

const quote = (q: StreamQuote | undefined, now: number) =>
  q === undefined
    ? null
    : {
        bid: q.bid,
        bid_size: q.bidSize,
        ask: q.ask,
        ask_size: q.askSize,
        at: iso(q.at),
        age_ms: Math.round(now - q.at),
      };

/**
 * GET /quotes — the last trade and quote of each ticker from the operator's live stream (issue #43,
 * ADR 0102): in real time for plans with `quotes_realtime`, else as of the operator's delay (default 15
 * minutes) before now. A ticker the stream has not brought (not followed, or quiet since the start) has
 * nulls; a server without a stream answers `stream: null` and nulls.
 */
export function quotesRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/quotes',
    operationId: 'listQuotes',
    entitlement: 'quotes',
    billable: true,
    summary: 'Last trade and quote per ticker',
    description: `The last trade and the last quote (best bid and offer) of each of \`tickers\`, as the operator's live stream brought them, with their \`age_ms\` and \`source\` (e.g. \`alpaca-iex\`). Plans with real-time quotes see them as they arrive; the others as of ${'`delay_minutes`'} (an operator setting, default 15) before as_of — \`realtime\` says which. A ticker the stream does not follow, or that has not traded since it started, has \`trade\` and \`quote\` null; a server without a live stream answers \`stream: null\`. Unknown tickers are a 422 \`unknown_ticker\`; more than ${MAX_FILTER_TICKERS} a 422 \`validation_failed\`. ${RAW_DATA_NOTE}`,
    tags: ['market data'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          type: 'object',
          required: ['as_of', 'realtime', 'delay_minutes', 'stream', 'data'],
          properties: {
            as_of: { type: 'string' },
            realtime: {
              type: 'boolean',
              description: 'False: every value is as of delay_minutes before as_of',
            },
            delay_minutes: { type: 'integer' },
            stream: {
              type: ['object', 'null'],
              required: ['source', 'state'],
              properties: {
                source: { type: 'string' },
                state: {
                  type: 'string',
                  enum: ['idle', 'connecting', 'authenticating', 'streaming', 'waiting', 'closed'],
                },
              },
            },
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: ['ticker', 'source', 'trade', 'quote'],
                properties: {
                  ticker: { type: 'string' },
                  source: { type: ['string', 'null'] },
                  trade: TRADE,
                  quote: QUOTE,
                },
              },
            },
          },
          examples: [EXAMPLE],
        },
      },
    },
    async handler(request) {
      const tickers = (await tickerFilter(deps.market, request.query as Record<string, unknown>)) ?? [];
      const now = deps.clock.now().getTime();
      const live = deps.quotes;
      const delayMs = live?.delayMs ?? 0;
      const realtime =
        delayMs === 0 || request.principal?.plan?.entitlements.includes('quotes_realtime') === true;
      const cutoff = realtime ? undefined : now - delayMs;
      const report = live?.report();
      return {
        as_of: iso(now),
        realtime,
        delay_minutes: realtime ? 0 : Math.round(delayMs / 60_000),
        stream: report === undefined ? null : { source: report.source, state: report.state },
        data: tickers.map((ticker) => {
          const last = live?.latest(ticker, cutoff);
          return {
            ticker,
            source: last?.source ?? null,
            trade: trade(last?.trade, now),
            quote: quote(last?.quote, now),
          };
        }),
      };
    },
  };
}
