import { iso } from '../../../clock/iso.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { decodeListCursor, encodeListCursor } from '../../discovery/list-cursor.js';
import { dateRange, MAX_FILTER_TICKERS, tickerFilter } from '../../discovery/list-query.js';
import { RAW_DATA_NOTE } from '../../discovery/raw-data-switch.js';

const DEFAULT_PAGE = 1000;
const MAX_PAGE = 10_000;

const QUERY = {
  type: 'object',
  properties: {
    ticker: { type: 'string', description: 'Only this ticker (or use `tickers`), e.g. VZN on the demo' },
    tickers: {
      type: 'string',
      description: `Only these tickers, comma-separated, at most ${MAX_FILTER_TICKERS}`,
    },
    kind: { type: 'string', enum: ['split', 'dividend'], description: 'Only splits, or only cash dividends' },
    from: { type: 'string', description: 'First ex-date (inclusive), YYYY-MM-DD' },
    to: { type: 'string', description: 'Last ex-date (inclusive), YYYY-MM-DD' },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      default: DEFAULT_PAGE,
      description: `Actions per page (at most ${MAX_PAGE.toLocaleString('en-US')})`,
    },
    cursor: { type: 'string', maxLength: 200, description: 'The next_cursor of the previous page' },
  },
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  parameters: { tickers: ['DRMB'], kind: null, from: null, to: null, limit: 1000 },
  count: 1,
  has_more: false,
  next_cursor: null,
  data: [
    {
      ticker: 'DRMB',
      ex_date: '2021-11-26',
      kind: 'dividend',
      value: 0.49,
      currency: 'USD',
      source: 'synthetic',
    },
  ],
};

/** The position after a page's last row: its ex-date, ticker and kind. */
const readKey = (k: readonly unknown[]) =>
  k.length === 3 && k.every((v) => typeof v === 'string')
    ? { date: k[0] as string, ticker: k[1] as string, kind: k[2] as string }
    : undefined;

/**
 * GET /corporate-actions — splits and cash dividends known at as_of (ex-date on or before the last session
 * closed then), by ex-date, for every instrument or the tickers asked; the actions the adjusted prices of
 * /bars and the analytics are computed from.
 */
export function corporateActionsRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/corporate-actions',
    operationId: 'listCorporateActions',
    entitlement: 'corporate_actions',
    billable: true,
    summary: 'Corporate actions (splits, dividends)',
    description: `Splits (\`value\`: new shares per old share, 2 for a 2-for-1) and cash dividends (\`value\`: cash per share in \`currency\`, as paid) with their ex-date, known at as_of: an action is known once its ex-date's session has closed. The adjusted prices of /bars and of the analytics are computed from exactly these. Filtered by \`ticker\`/\`tickers\`, \`kind\` and ex-dates \`from\`/\`to\`; ascending by ex-date, then ticker. Pages of at most ${MAX_PAGE.toLocaleString('en-US')} (\`limit\`, \`next_cursor\`). ${RAW_DATA_NOTE}`,
    tags: ['market data'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          type: 'object',
          required: ['as_of', 'parameters', 'count', 'has_more', 'next_cursor', 'data'],
          properties: {
            as_of: { type: 'string' },
            parameters: { type: 'object', additionalProperties: true },
            count: { type: 'integer' },
            has_more: { type: 'boolean' },
            next_cursor: { type: ['string', 'null'] },
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: ['ticker', 'ex_date', 'kind', 'value', 'currency', 'source'],
                properties: {
                  ticker: { type: 'string' },
                  ex_date: { type: 'string' },
                  kind: { type: 'string', enum: ['split', 'dividend'] },
                  value: {
                    type: 'number',
                    description: 'split: new shares per old; dividend: cash per share',
                  },
                  currency: {
                    type: ['string', 'null'],
                    description: "A dividend's currency (the instrument's)",
                  },
                  source: { type: 'string', description: 'Where the action came from (synthetic, csv:…)' },
                },
              },
            },
          },
          examples: [EXAMPLE],
        },
      },
    },
    async handler(request) {
      const q = request.query as Record<string, unknown>;
      const { from, to } = dateRange(q);
      const tickers = await tickerFilter(deps.market, q);
      const kind = q.kind === 'split' || q.kind === 'dividend' ? q.kind : undefined;
      const limit = Number(q.limit ?? DEFAULT_PAGE);
      const after = typeof q.cursor === 'string' ? decodeListCursor(q.cursor, readKey) : undefined;
      const now = deps.clock.now();
      const rows = await deps.listings.actions({
        ...(tickers === undefined ? {} : { tickers }),
        ...(kind === undefined ? {} : { kind }),
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        ...(after === undefined ? {} : { after }),
        asOf: now,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const more = rows.length > limit;
      const last = page.at(-1);
      return {
        as_of: iso(now),
        parameters: {
          tickers: tickers ?? null,
          kind: kind ?? null,
          from: from ?? null,
          to: to ?? null,
          limit,
        },
        count: page.length,
        has_more: more,
        next_cursor:
          more && last !== undefined ? encodeListCursor([last.date, last.ticker, last.kind]) : null,
        data: page.map((a) => ({
          ticker: a.ticker,
          ex_date: a.date,
          kind: a.kind,
          value: a.value,
          currency: a.kind === 'dividend' ? a.currency : null,
          source: a.source,
        })),
      };
    },
  };
}
