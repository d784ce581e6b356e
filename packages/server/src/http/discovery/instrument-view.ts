import { isStale } from '../../market/store/known-through.js';
import type { BarSpan } from '../../market/store/market-listings.js';
import type { StaleMark } from '../../market/store/sync-state-repo.js';
import type { Instrument } from '../../market/store/types.js';
import { STALE_REASONS, type StaleReason } from '../../market/sync/stale-reason.js';

/** Whether an instrument is stale at as_of: active and its last bar before known_through. */
export const instrumentStale = (i: Instrument, span: BarSpan): boolean => i.active && isStale(span);

/**
 * Why a stale instrument is stale: the sync's mark for the session it lacks, else `awaiting_sync` (the
 * session closed and no sync has reported on it); null when it is not stale.
 */
function staleReasonOf(i: Instrument, span: BarSpan, mark: StaleMark | undefined): StaleReason | null {
  if (!instrumentStale(i, span)) return null;
  return mark !== undefined && mark.expected_session === span.known_through && mark.reason in STALE_REASONS
    ? (mark.reason as StaleReason)
    : 'awaiting_sync';
}

/** One instrument as /instruments serves it: its master row, its bars known at as_of, and their freshness. */
export function instrumentView(i: Instrument, span: BarSpan, mark?: StaleMark) {
  return {
    ticker: i.ticker,
    name: i.name,
    asset_class: i.asset_class,
    exchange: i.exchange,
    currency: i.currency,
    sector: i.sector,
    industry: i.industry ?? null,
    calendar: i.calendar,
    active: i.active,
    delisted_on: i.delisted_on ?? null,
    first_bar: span.first_bar,
    last_bar: span.last_bar,
    known_through: span.known_through,
    // An inactive instrument is not expected to have the last session.
    stale: instrumentStale(i, span),
    stale_reason: staleReasonOf(i, span, mark),
    source: span.source ?? i.source,
    price_basis: span.basis,
  };
}

const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

/** The JSON Schema of instrumentView (it also whitelists what is serialised). */
export const INSTRUMENT_PROPERTIES = {
  ticker: { type: 'string' },
  name: { type: 'string' },
  asset_class: { type: 'string', description: 'equity, etf, index, crypto…' },
  exchange: nullable('string', 'ISO 10383 MIC of the listing (null: none, e.g. crypto)'),
  currency: { type: 'string' },
  sector: nullable('string', 'GICS-style sector, when known'),
  industry: nullable(
    'string',
    "The reference provider's industry label (an SIC description from SEC EDGAR or Polygon), when known",
  ),
  calendar: {
    type: 'string',
    description: 'Exchange calendar deciding when a daily bar becomes known (XNYS, 24x7)',
  },
  active: { type: 'boolean', description: 'Still listed and followed (false: delisted or no longer synced)' },
  delisted_on: nullable(
    'string',
    'YYYY-MM-DD the listing ended, when a provider said (null: still listed, or the date is unknown)',
  ),
  first_bar: nullable('string', 'Date of its first daily bar known at as_of'),
  last_bar: nullable('string', 'Date of its last daily bar known at as_of'),
  known_through: { type: 'string', description: 'The last session of its calendar closed at as_of' },
  stale: {
    type: 'boolean',
    description: 'Active and its last bar is before known_through: the last session has not arrived yet',
  },
  stale_reason: {
    type: ['string', 'null'],
    enum: [...Object.keys(STALE_REASONS), null],
    description: `Why it is stale (null: it is not): ${Object.entries(STALE_REASONS)
      .map(([code, text]) => `\`${code}\` ${text.charAt(0).toLowerCase()}${text.slice(1)}`)
      .join('; ')}`,
  },
  source: { type: 'string', description: 'Where its last bar came from (synthetic, csv:…, tiingo…)' },
  price_basis: {
    type: 'string',
    enum: ['raw', 'split_div'],
    description:
      'raw: prices stored raw with corporate actions beside them (adjusted on read); split_div: stored as the provider adjusted them',
  },
} as const;

export const INSTRUMENT_REQUIRED = Object.keys(INSTRUMENT_PROPERTIES);
