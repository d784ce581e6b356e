import type { ScreenRequest } from './screen-request.js';

/**
 * The screen a saved screen stores: what /screener takes but `date` (given per run); `limit` is how many
 * matches a run returns when it names none (null: /screener's default). Members after each session close
 * are every match, whatever the limit.
 */
export interface StoredScreen {
  readonly where: string;
  readonly sort: string | null;
  readonly adjust: string;
  readonly tickers: readonly string[] | null;
  readonly sector: string | null;
  readonly asset_class: string | null;
  readonly exchange: string | null;
  readonly limit?: number | null;
}

/** A stored screen (or a body) as the query /screener's parser reads. */
export function screenQueryOf(
  s: Readonly<Record<string, unknown>>,
  run: { readonly limit?: number; readonly date?: string } = {},
): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  for (const k of ['where', 'sort', 'adjust', 'sector', 'asset_class', 'exchange'] as const)
    if (typeof s[k] === 'string') q[k] = s[k];
  if (Array.isArray(s.tickers)) q.tickers = s.tickers.join(',');
  if (typeof s.limit === 'number') q.limit = s.limit;
  if (run.limit !== undefined) q.limit = run.limit;
  if (run.date !== undefined) q.date = run.date;
  return q;
}

/**
 * What a saved screen stores of a checked request; `limit` only when the body named one (`given`), so
 * screens saved without one keep following the default.
 */
export function storedScreen(r: ScreenRequest, given: { readonly limit?: unknown } = {}): StoredScreen {
  return {
    where: r.where,
    sort: r.sort ?? null,
    adjust: r.adjust,
    tickers: r.tickers ?? null,
    sector: r.sector ?? null,
    asset_class: r.assetClass ?? null,
    exchange: r.exchange ?? null,
    ...(typeof given.limit === 'number' ? { limit: r.limit } : {}),
  };
}
