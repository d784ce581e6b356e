import { iso } from '../../../clock/iso.js';
import { TICKER_SHAPE } from '../../../market/validate-ticker.js';
import { ProblemError } from '../../../problems/problem-error.js';
import type { ApiRouteDef } from '../../api-route.js';
import type { AppDeps } from '../../app-deps.js';
import {
  INSTRUMENT_PROPERTIES,
  INSTRUMENT_REQUIRED,
  instrumentStale,
  instrumentView,
} from '../../discovery/instrument-view.js';

const COUNTS = {
  bar_count: { type: 'integer', description: 'Daily bars known at as_of' },
  split_count: { type: 'integer', description: 'Splits with an ex-date known at as_of' },
  dividend_count: { type: 'integer', description: 'Cash dividends with an ex-date known at as_of' },
} as const;

const DATA_ISSUES = {
  data_issues: {
    type: 'array',
    description:
      'What reads of the ticker flag in its data known at as_of (docs/adr/0080): `error` — a bar without a usable price, or a corporate action whose value cannot be read and is left unapplied; the ticker is then left out of universe-wide answers by name and a request for it answers 422 `data_issue` — and `warning` — an action day whose prices do not fit the action as recorded (a reverse split missing from the data, a spin-off written as a dividend or a split); served as recorded. Empty when nothing is flagged.',
    items: {
      type: 'object',
      required: ['date', 'subject', 'severity', 'message'],
      properties: {
        date: { type: 'string', description: 'The bar’s date or the action’s ex-date' },
        subject: { type: 'string', enum: ['bar', 'split', 'dividend'] },
        value: { type: 'number', description: 'The action’s value as stored (splits and dividends)' },
        severity: { type: 'string', enum: ['error', 'warning'] },
        message: { type: 'string' },
      },
    },
  },
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
      'The instrument (ticker matched regardless of case) as /instruments lists it, with how many daily bars, splits and dividends are known at as_of, and the `data_issues` reads of it flag (a ticker with an `error` among them answers 422 `data_issue` elsewhere). An unknown ticker is a 404 `not_found` whose `suggestion` names the closest known ticker, when one is close.',
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
              required: [...INSTRUMENT_REQUIRED, ...Object.keys(COUNTS), ...Object.keys(DATA_ISSUES)],
              properties: { ...INSTRUMENT_PROPERTIES, ...COUNTS, ...DATA_ISSUES },
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
      const known = await deps.market.dataIssues(instrument.ticker, now);
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
          bar_count: known.bars,
          split_count: actions.filter((a) => a.kind === 'split').length,
          dividend_count: actions.filter((a) => a.kind === 'dividend').length,
          data_issues: known.issues,
        },
      };
    },
  };
}
