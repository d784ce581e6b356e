import type { FastifyReply, FastifyRequest } from 'fastify';
import { validDate } from '../../clock/valid-date.js';
import { TICKER_SHAPE } from '../../market/validate-ticker.js';
import { ProblemError } from '../../problems/problem-error.js';
import type { ApiRouteDef } from '../api-route.js';
import type { AppDeps } from '../app-deps.js';
import { parseSeriesQuery } from './series-query.js';
import { lowerBound } from './series-window.js';

/** More tickers than any daily-bar route takes: the route refuses the request itself. */
const MAX_CHECKED = 100;

interface Range {
  readonly from: string | undefined;
  readonly to: string | undefined;
}

/** What one ticker's stored bars cover at the service's instant (null: none stored). */
interface Coverage {
  readonly ticker: string;
  readonly from: string | null;
  readonly to: string | null;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : undefined);

/** The range the request names, when it names one that is well formed (the route reports any other). */
function rangeOf(q: Readonly<Record<string, unknown>>): Range | undefined {
  const from = text(q.from);
  const to = text(q.to);
  if (from === undefined && to === undefined) return undefined;
  if ((from !== undefined && !validDate(from)) || (to !== undefined && !validDate(to))) return undefined;
  if (from !== undefined && to !== undefined && from > to) return undefined;
  return { from, to };
}

/** The tickers the request names: `ticker`, `tickers`, or the TICKER of each `holdings` TICKER:amount pair. */
function namedTickers(q: Readonly<Record<string, unknown>>): string[] {
  const listed = [text(q.ticker), text(q.tickers), text(q.holdings)]
    .filter((v) => v !== undefined)
    .flatMap((v) => v.split(','))
    .map((part) => (part.split(':')[0] ?? '').trim().toUpperCase())
    .filter((t) => TICKER_SHAPE.test(t));
  return [...new Set(listed)];
}

function describe(range: Range): string {
  if (range.from !== undefined && range.to !== undefined) return `${range.from} … ${range.to}`;
  return range.from !== undefined ? `from ${range.from} on` : `up to ${range.to}`;
}

function covered(c: Coverage): string {
  return c.from === null ? 'no bars are stored' : `its bars cover ${c.from} … ${c.to}`;
}

/**
 * 422 `no_data` when a ticker the request names has no bar in its range, with what each such ticker's
 * bars cover (known at the service's instant). Unknown tickers are left to the route's own check.
 */
async function requireBars(deps: Pick<AppDeps, 'market' | 'clock'>, tickers: string[], range: Range) {
  const asOf = deps.clock.now();
  const empty: Coverage[] = [];
  for (const ticker of tickers) {
    const series = await deps.market.getDailySeries(ticker, { asOf, adjustment: 'raw' });
    if (series === undefined) continue;
    const dates = series.dates;
    const first = lowerBound(dates, range.from ?? '');
    const inRange = first < dates.length && (range.to === undefined || (dates[first] as string) <= range.to);
    if (!inRange) empty.push({ ticker: series.ticker, from: dates[0] ?? null, to: dates.at(-1) ?? null });
  }
  if (empty.length === 0) return;
  const [only] = empty;
  const detail =
    empty.length === 1 && only !== undefined
      ? `${only.ticker} has no bar in ${describe(range)}: ${covered(only)}.`
      : `${empty.length} tickers have no bar in ${describe(range)}: ${empty.map((c) => `${c.ticker} (${covered(c).replace(/^its /, '')})`).join(', ')}.`;
  throw new ProblemError('no_data', `${detail} Ask for dates within what is stored.`, {
    extras: { data_covers: empty },
  });
}

/**
 * A daily-bar analytics route that answers 422 `no_data` for a range (`from`, `to`) in which a ticker it
 * names has no bar — saying which dates the ticker's bars cover — instead of an empty result with 200.
 * The check runs before the route's handler, and only when the request names a well-formed range.
 */
export function refusingRangesWithoutBars(
  deps: Pick<AppDeps, 'market' | 'clock'>,
  route: ApiRouteDef,
): ApiRouteDef {
  return {
    ...route,
    handler(request: FastifyRequest, reply: FastifyReply) {
      const q = request.query as Readonly<Record<string, unknown>>;
      const range = rangeOf(q);
      const tickers = range === undefined ? [] : namedTickers(q);
      if (range === undefined || tickers.length === 0 || tickers.length > MAX_CHECKED)
        return route.handler(request, reply);
      // The shared parameters' own problems come first, as the route states them (ticker with tickers…).
      if (q.holdings === undefined) parseSeriesQuery(q);
      // A route that sent its answer synchronously returns undefined: the reply stands for it then.
      return requireBars(deps, tickers, range).then(() => route.handler(request, reply) ?? reply);
    },
  };
}
