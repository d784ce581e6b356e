import { iso } from '../../../clock/iso.js';
import {
  compareRankKeys,
  MATCH_TIERS,
  type RankedInstrument,
  type RankKey,
  rankInstruments,
  rankKey,
  searchQuery,
} from '../../../market/reference/rank-instruments.js';
import { suggestInstrument } from '../../../market/reference/suggest-instrument.js';
import type { InstrumentFilter } from '../../../market/store/market-listings.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import { INSTRUMENT_FILTER_PROPERTIES, PRINTABLE } from '../../discovery/instrument-filters.js';
import {
  INSTRUMENT_PROPERTIES,
  INSTRUMENT_REQUIRED,
  instrumentStale,
  instrumentView,
} from '../../discovery/instrument-view.js';
import { decodeListCursor, encodeListCursor } from '../../discovery/list-cursor.js';

const DEFAULT_PAGE = 50;
const MAX_PAGE = 1000;

const QUERY = {
  type: 'object',
  properties: {
    q: {
      type: 'string',
      maxLength: 100,
      pattern: PRINTABLE,
      description:
        'Search by ticker or name, best match first: the ticker itself (`.`, `-`, `/` alike), tickers starting with it, names starting with it, names with a word starting with each word of it, then (from 3 characters) tickers and names containing it; active before inactive, then by ticker. Each result says how it matched in `match`',
      examples: ['voz'],
    },
    ...INSTRUMENT_FILTER_PROPERTIES,
    industry: {
      type: 'string',
      maxLength: 120,
      pattern: PRINTABLE,
      description:
        'Only this industry (the whole label, any case), as the reference provider names it, e.g. Pharmaceutical Preparations',
    },
    active: {
      type: 'string',
      enum: ['all', 'true', 'false'],
      default: 'all',
      description: 'true: listed and followed; false: delisted or no longer followed; all (default): both',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE,
      default: DEFAULT_PAGE,
      description: `Instruments per page (at most ${MAX_PAGE})`,
    },
    cursor: { type: 'string', maxLength: 200, description: 'The next_cursor of the previous page' },
  },
  additionalProperties: false,
} as const;

const EXAMPLE = {
  as_of: '2026-11-25T12:00:00Z',
  parameters: {
    q: 'voz',
    sector: null,
    industry: null,
    asset_class: null,
    exchange: null,
    active: 'all',
    limit: 50,
  },
  total: 1,
  count: 1,
  has_more: false,
  next_cursor: null,
  data: [
    {
      ticker: 'VZN',
      name: 'Vozane Networks',
      asset_class: 'equity',
      exchange: 'XNYS',
      currency: 'USD',
      sector: 'technology',
      industry: null,
      calendar: 'XNYS',
      active: true,
      delisted_on: null,
      first_bar: '2021-11-24',
      last_bar: '2026-11-24',
      known_through: '2026-11-24',
      stale: false,
      stale_reason: null,
      source: 'synthetic',
      price_basis: 'raw',
      match: 'name_prefix',
    },
  ],
};

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** The position after a search page's last row: its rank key. */
const readSearchKey = (k: readonly unknown[]): RankKey | undefined =>
  k.length === 3 &&
  Number.isInteger(k[0]) &&
  (k[1] === 0 || k[1] === 1) &&
  typeof k[2] === 'string' &&
  (k[0] as number) >= 0 &&
  (k[0] as number) < MATCH_TIERS.length
    ? [k[0] as number, k[1] as number, k[2] as string]
    : undefined;

/** The position after a listing page's last row: its ticker. */
const readTickerKey = (k: readonly unknown[]): string | undefined =>
  k.length === 1 && typeof k[0] === 'string' ? k[0] : undefined;

/**
 * GET /instruments — what can be asked about: search by ticker or name (ranked), or list by sector,
 * industry, asset class, exchange and status, each instrument with its first and last bar known at as_of, source and
 * freshness.
 */
export function instrumentsRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/instruments',
    operationId: 'listInstruments',
    entitlement: 'instruments',
    billable: true,
    summary: 'Instruments: search and list',
    description: `The instruments this server holds data for. \`q\` searches tickers and names, best match first (see \`q\`); without it the list is by ticker. Filters: \`sector\`, \`industry\`, \`asset_class\`, \`exchange\`, \`active\`. Each instrument states its first and last daily bar known at as_of, the last session closed then (\`known_through\`), whether it is \`stale\`, and where its bars come from. A search that matches nothing names in \`suggestion\` the ticker of the instrument it most likely meant: a name holding the query written together (\`JP Morgan\` → JPM), the closest ticker, or a name within an edit or two of each word (\`pfiser\` → PFE). Pages of at most ${MAX_PAGE} (\`limit\`, \`next_cursor\`); \`total\` counts every match.`,
    tags: ['market data'],
    schema: {
      querystring: QUERY,
      response: {
        200: {
          type: 'object',
          required: ['as_of', 'parameters', 'total', 'count', 'has_more', 'next_cursor', 'data'],
          properties: {
            as_of: { type: 'string' },
            parameters: { type: 'object', additionalProperties: true },
            total: { type: 'integer', description: 'Instruments matching the request, over all pages' },
            count: { type: 'integer' },
            has_more: { type: 'boolean' },
            next_cursor: { type: ['string', 'null'] },
            suggestion: {
              type: 'string',
              description:
                'When a search matches nothing: the ticker of the instrument it most likely meant (by name or ticker), if one is close',
            },
            note: {
              type: 'string',
              description:
                'When nothing matches: why, in words (the search and filters against how many instruments this server holds), with the suggestion',
            },
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: INSTRUMENT_REQUIRED,
                properties: {
                  ...INSTRUMENT_PROPERTIES,
                  match: {
                    type: 'string',
                    enum: [...MATCH_TIERS],
                    description: 'With q: how the instrument matched it (best first in this order)',
                  },
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
      const now = deps.clock.now();
      const limit = Number(q.limit ?? DEFAULT_PAGE);
      const search = searchQuery(typeof q.q === 'string' ? q.q : '');
      const sector = text(q.sector);
      const industry = text(q.industry);
      const assetClass = text(q.asset_class);
      const exchange = text(q.exchange);
      const active = q.active === 'true' ? true : q.active === 'false' ? false : undefined;
      const filter: InstrumentFilter = {
        ...(search === undefined ? {} : { search }),
        ...(sector === undefined ? {} : { sector }),
        ...(industry === undefined ? {} : { industry }),
        ...(assetClass === undefined ? {} : { assetClass }),
        ...(exchange === undefined ? {} : { exchange }),
        ...(active === undefined ? {} : { active }),
      };
      const cursor = typeof q.cursor === 'string' ? q.cursor : undefined;

      const found = await deps.listings.instruments(filter);
      // Ranked by the search, else by ticker; a page starts after the previous one's last sort key.
      let ranked: readonly RankedInstrument[];
      let rest: readonly RankedInstrument[];
      if (search !== undefined) {
        ranked = rankInstruments(search, found);
        const after = cursor === undefined ? undefined : decodeListCursor(cursor, readSearchKey);
        rest = after === undefined ? ranked : ranked.filter((r) => compareRankKeys(rankKey(r), after) > 0);
      } else {
        ranked = found.map((instrument) => ({ instrument, tier: 'ticker' }));
        const after = cursor === undefined ? undefined : decodeListCursor(cursor, readTickerKey);
        rest = after === undefined ? ranked : ranked.filter((r) => r.instrument.ticker > after);
      }
      const page = rest.slice(0, limit);
      const more = rest.length > limit;
      const last = page.at(-1);
      const next =
        more && last !== undefined
          ? encodeListCursor(search === undefined ? [last.instrument.ticker] : rankKey(last))
          : null;
      const spans = await deps.listings.barSpans(
        page.map((r) => r.instrument),
        now,
      );
      const marks = await deps.syncState.staleMarks(
        page.flatMap((r) => {
          const span = spans.get(r.instrument.ticker);
          return span !== undefined && instrumentStale(r.instrument, span) ? [r.instrument.ticker] : [];
        }),
      );
      const data = page.flatMap((r) => {
        const span = spans.get(r.instrument.ticker);
        if (span === undefined) return [];
        const view = instrumentView(r.instrument, span, marks.get(r.instrument.ticker));
        return [search === undefined ? view : { ...view, match: r.tier }];
      });
      // Nothing found: the instrument most likely meant, by name or by ticker (suggestInstrument), and why.
      const everything = ranked.length === 0 ? await deps.listings.instruments({}) : [];
      const suggestion =
        search !== undefined && ranked.length === 0 && cursor === undefined
          ? suggestInstrument(search, everything)
          : undefined;
      const filtered = Object.keys(filter).some((k) => k !== 'search');
      const meant = everything.find((i) => i.ticker === suggestion);
      const note =
        ranked.length > 0
          ? undefined
          : `No instrument ${search === undefined ? '' : `whose ticker or name matches "${search.text}" `}` +
            `${filtered ? 'passes these filters ' : ''}among the ${everything.length} this server holds` +
            (meant === undefined ? '.' : `; did you mean ${meant.ticker} (${meant.name})?`);
      return {
        as_of: iso(now),
        parameters: {
          q: search?.text ?? null,
          sector: sector ?? null,
          industry: industry ?? null,
          asset_class: assetClass ?? null,
          exchange: exchange ?? null,
          active: q.active ?? 'all',
          limit,
        },
        total: ranked.length,
        count: data.length,
        has_more: more,
        next_cursor: next,
        ...(suggestion === undefined ? {} : { suggestion }),
        ...(note === undefined ? {} : { note }),
        data,
      };
    },
  };
}
