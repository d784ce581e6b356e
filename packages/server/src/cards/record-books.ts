import type { CardLevels } from '@bellwether/analytics';
import type { CardOutcomeRecord, CardRecord } from '../db/records.js';
import { addDays } from '../market/calendar/local-time.js';
import { DataIssueError } from '../market/store/data-issue-error.js';
import type { MarketDataRepo } from '../market/store/market-data-repo.js';
import { seriesOrIssue } from '../market/store/series-or-issue.js';
import type { DailySeries } from '../market/store/types.js';
import { type BooksJson, type FilledCard, referenceBooksOf } from './reference-books.js';
import type { TrackRecordKind } from './track-record.js';

interface PublishedCard extends CardLevels {
  readonly asset?: { readonly ticker: string };
}

/** Calendar days of history read before the window: the momentum book's year and a month, with room. */
const HISTORY_DAYS = 400;

export interface RecordBooksSettings {
  /** The publication universe (config `cards.universe`); unset: every active instrument but indices. */
  readonly universe: readonly string[] | undefined;
  /** The cards' costs per side (config `cards.costBps`): every book pays them. */
  readonly costBps: number;
  readonly riskPerCard?: number;
  readonly maxGrossExposure?: number;
  readonly momentumTop?: number;
}

/**
 * The published record as a book beside equal weight and 12-1 momentum of the publication universe, over
 * the record's sessions in `from … to` (#48). Cards count as recorded: filled at the recorded fill, exited
 * at the recorded outcome with its R and cost. A ticker whose data cannot be served is left out of the
 * universe (ADR 0080). Null when no session falls in the window.
 */
async function recordBooks(
  market: Pick<MarketDataRepo, 'getDailySeries' | 'listInstruments'>,
  asOf: Date,
  cards: readonly CardRecord[],
  outcomes: readonly CardOutcomeRecord[],
  from: string,
  to: string,
  settings: RecordBooksSettings,
): Promise<BooksJson | null> {
  const tickers = (await market.listInstruments())
    .filter((i) => i.active && i.asset_class !== 'index')
    .map((i) => i.ticker)
    .filter((t) => settings.universe === undefined || settings.universe.includes(t));
  const series: DailySeries[] = [];
  for (const ticker of tickers) {
    const s = await seriesOrIssue(market, ticker, {
      asOf,
      adjustment: 'split_div',
      from: addDays(from, -HISTORY_DAYS),
      to,
    });
    if (s === undefined || s instanceof DataIssueError || s.dates.length === 0) continue;
    series.push(s);
  }
  const byId = new Map(cards.map((c) => [c.id, c.payload as PublishedCard]));
  const filled: FilledCard[] = [];
  for (const o of outcomes) {
    const card = byId.get(o.card_id);
    if (
      card === undefined ||
      // Only cards with levels can be sized (records written by hand in tests may lack them).
      typeof card.entry_zone?.high !== 'number' ||
      typeof card.stop !== 'number' ||
      typeof card.asset?.ticker !== 'string' ||
      o.t1_before_stop === null ||
      o.fill_session === null ||
      o.fill_price === null ||
      o.r_multiple === null
    )
      continue;
    filled.push({
      ticker: card.asset?.ticker as string,
      levels: card,
      fill_date: o.fill_session,
      exit_date: o.outcome_session,
      fill_price: o.fill_price,
      r_multiple: o.r_multiple,
      cost_r: o.cost_r ?? 0,
    });
  }
  return referenceBooksOf(series, filled, from, to, {
    costBps: settings.costBps,
    ...(settings.riskPerCard === undefined ? {} : { riskPerCard: settings.riskPerCard }),
    ...(settings.maxGrossExposure === undefined ? {} : { maxGrossExposure: settings.maxGrossExposure }),
    ...(settings.momentumTop === undefined ? {} : { momentumTop: settings.momentumTop }),
  });
}

/**
 * The reference books of one record (`published` or `backfilled`): only that record's cards, over its
 * sessions — the track record from its first on-time session (`start`), never before; the backfilled record
 * over the window. Null when the window holds none of the record's sessions.
 */
export function booksOfRecord(
  market: Pick<MarketDataRepo, 'getDailySeries' | 'listInstruments'>,
  asOf: Date,
  which: TrackRecordKind,
  cards: readonly CardRecord[],
  outcomes: readonly CardOutcomeRecord[],
  window: { readonly from: string; readonly to: string; readonly start: string | undefined },
  settings: RecordBooksSettings,
): Promise<BooksJson | null> {
  const late = (c: CardRecord) => (c.payload as { published_late?: boolean }).published_late === true;
  const recordCards = cards.filter((c) => (which === 'backfilled' ? late(c) : !late(c)));
  const { from, to, start } = window;
  const booksFrom =
    which === 'backfilled' ? from : start === undefined ? undefined : from < start ? start : from;
  if (booksFrom === undefined || booksFrom > to) return Promise.resolve(null);
  return recordBooks(market, asOf, recordCards, outcomes, booksFrom, to, settings);
}
