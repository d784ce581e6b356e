import { type CompiledScreen, compileScreen } from '@bellwether/analytics';
import { iso } from '../clock/iso.js';
import { validDate } from '../clock/valid-date.js';
import type { Adjustment } from '../market/store/types.js';
import { invalidFields, ProblemError } from '../problems/problem-error.js';

/** Matches returned at most, and by default. */
export const MAX_SCREEN_LIMIT = 500;
export const DEFAULT_SCREEN_LIMIT = 50;
/** Tickers a `tickers=` list may name. */
export const MAX_SCREEN_TICKERS = 1000;

/** A screen request, checked: the compiled screen, its texts, and where and when to run it. */
export interface ScreenRequest {
  readonly where: string;
  readonly sort: string | undefined;
  readonly screen: CompiledScreen;
  readonly limit: number;
  /** The session screened (YYYY-MM-DD); undefined: each ticker's last closed session. */
  readonly date: string | undefined;
  readonly adjust: Adjustment;
  /** The universe: these tickers, or the active instruments passing the filters. */
  readonly tickers: readonly string[] | undefined;
  readonly sector: string | undefined;
  readonly assetClass: string | undefined;
  readonly exchange: string | undefined;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/**
 * Reads a screen request (the query of /screener, or the body of a saved screen): `where` and `sort` are
 * compiled against the catalogue, and every problem — each expression's errors located at the offending
 * token, with `offset`, `length`, `token` and a did-you-mean `suggestion` — is one `errors[]` entry of a
 * 422 `validation_failed` under `pointer` (`/query/where`, or `/body/where` for a saved screen).
 */
export function parseScreenRequest(
  q: Readonly<Record<string, unknown>>,
  at: 'query' | 'body' = 'query',
): ScreenRequest {
  const errors: { pointer: string; detail: string; [k: string]: unknown }[] = [];
  const where = typeof q.where === 'string' ? q.where : '';
  const sort = text(q.sort);
  if (where.trim() === '')
    errors.push({
      pointer: `/${at}/where`,
      detail: 'is required: a condition such as rsi(14) < 30 and close > sma(200)',
    });
  const date = text(q.date);
  if (date !== undefined && !validDate(date))
    errors.push({ pointer: `/${at}/date`, detail: 'must be a date written YYYY-MM-DD' });
  const tickers = text(q.tickers)
    ?.split(',')
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== '');
  if (tickers !== undefined && tickers.length > MAX_SCREEN_TICKERS)
    errors.push({
      pointer: `/${at}/tickers`,
      detail: `lists ${tickers.length} tickers; at most ${MAX_SCREEN_TICKERS} (or screen the whole universe without tickers=, narrowed by sector, asset_class or exchange)`,
    });
  const compiled = where.trim() === '' ? undefined : compileScreen({ where, sort });
  let suggestion: string | undefined;
  if (compiled !== undefined && !compiled.ok)
    for (const e of compiled.errors) {
      suggestion ??= e.suggestion;
      errors.push({
        pointer: `/${at}/${e.field}`,
        detail: e.message,
        offset: e.offset,
        length: e.length,
        token: e.token,
        ...(e.suggestion === undefined ? {} : { suggestion: e.suggestion }),
      });
    }
  if (errors.length > 0 || compiled === undefined || !compiled.ok)
    throw invalidFields(errors, suggestion === undefined ? {} : { suggestion });
  const adjust = (q.adjust ?? 'split_div') as Adjustment;
  return {
    where,
    sort,
    screen: compiled.screen,
    limit: Number(q.limit ?? DEFAULT_SCREEN_LIMIT),
    date,
    adjust,
    tickers: tickers === undefined ? undefined : [...new Set(tickers)],
    sector: text(q.sector),
    assetClass: text(q.asset_class),
    exchange: text(q.exchange),
  };
}

/** A screen of a date after as_of is a 422: nothing after as_of is visible. */
export function refuseFutureDate(request: Pick<ScreenRequest, 'date'>, asOf: Date): void {
  if (request.date !== undefined && request.date > asOf.toISOString().slice(0, 10))
    throw new ProblemError('validation_failed', `date ${request.date} is after as_of ${iso(asOf)}.`, {
      extras: { errors: [{ pointer: '/query/date', detail: 'must be a session closed at as_of' }] },
    });
}
