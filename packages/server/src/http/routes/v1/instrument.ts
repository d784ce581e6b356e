import { iso } from '../../../clock/iso.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import {
  INSTRUMENT_PROPERTIES,
  INSTRUMENT_REQUIRED,
  instrumentStale,
  instrumentView,
} from '../../discovery/instrument-view.js';
import { ProblemError } from '../../errors/problem-error.js';
import { TICKER_SHAPE } from '../../validate-ticker.js';

const COUNTS = {
  bar_count: { type: 'integer', description: 'Daily bars known at as_of' },
  split_count: { type: 'integer', description: 'Splits with an ex-date known at as_of' },
  dividend_count: { type: 'integer', description: 'Cash dividends with an ex-date known at as_of' },
} as const;

/**
 * GET /instruments/{ticker} — one instrument with its bars known at as_of, their freshness, and how many
 * bars and corporate actions there are. An unknown ticker is a 404 naming the closest known one.
 */
export function instrumentRoute(deps: AppDeps): ApiRouteDef {
  return {
    method: 'GET',
    path: '/instruments/:ticker',
    operationId: 'getInstrument',
    entitlement: 'instruments',
    billable: true,
    summary: 'One instrument',
    description:
      'The instrument (ticker matched regardless of case) as /instruments lists it, with how many daily bars, splits and dividends are known at as_of. An unknown ticker is a 404 `not_found` whose `suggestion` names the closest known ticker, when one is close.',
    tags: ['market data'],
    schema: {
      params: {
        type: 'object',
        properties: {
          ticker: {
            type: 'string',
            description: 'A ticker; the example is a ticker of the synthetic demo market',
            examples: ['VZN'],
          },
        },
        required: ['ticker'],
      },
      response: {
        200: {
          type: 'object',
          required: ['as_of', 'data'],
          properties: {
            as_of: { type: 'string' },
            data: {
              type: 'object',
              required: [...INSTRUMENT_REQUIRED, ...Object.keys(COUNTS)],
              properties: { ...INSTRUMENT_PROPERTIES, ...COUNTS },
            },
          },
        },
      },
    },
    async handler(request) {
      const { ticker } = request.params as { ticker: string };
      const shown = ticker.trim().toUpperCase();
      // A string no ticker could be is unknown without a lookup: odd bytes never reach a query.
      const found = TICKER_SHAPE.test(ticker.trim())
        ? await deps.market.findTicker(ticker)
        : { ok: false as const };
      if (!found.ok) {
        const suggestion = 'suggestion' in found ? found.suggestion : undefined;
        throw new ProblemError(
          'not_found',
          suggestion === undefined
            ? `Unknown ticker "${shown}"; GET /instruments?q=… searches tickers and names.`
            : `Unknown ticker "${shown}". Did you mean ${suggestion}?`,
          suggestion === undefined ? {} : { extras: { suggestion } },
        );
      }
      const instrument = found.instrument;
      const now = deps.clock.now();
      const spans = await deps.listings.barSpans([instrument], now);
      const span = spans.get(instrument.ticker);
      if (span === undefined) throw new ProblemError('not_found', `Unknown ticker "${shown}".`);
      const series = await deps.market.getDailySeries(instrument.ticker, { asOf: now, adjustment: 'raw' });
      const actions = await deps.market.getActions(instrument.ticker, now);
      return {
        as_of: iso(now),
        data: {
          ...instrumentView(
            instrument,
            span,
            instrumentStale(instrument, span)
              ? (await deps.syncState.staleMarks([instrument.ticker])).get(instrument.ticker)
              : undefined,
          ),
          bar_count: series?.dates.length ?? 0,
          split_count: actions.filter((a) => a.kind === 'split').length,
          dividend_count: actions.filter((a) => a.kind === 'dividend').length,
        },
      };
    },
  };
}
