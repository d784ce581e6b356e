import { callProvider, type RetryPolicy, type Scheduler } from '../providers/call-provider.js';
import type {
  BulkReferenceProvider,
  InstrumentReference,
  ReferenceField,
  ReferenceProvider,
} from '../providers/provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { Instrument } from '../store/types.js';

/** What an instrument row lacks: a name (the sync made it up from the ticker), a listing, a sector, an industry. */
const missing = (i: Instrument): ReferenceField[] => [
  ...(i.name === i.ticker ? (['name'] as const) : []),
  ...(i.exchange === null ? (['exchange'] as const) : []),
  ...(i.sector === null ? (['sector'] as const) : []),
  ...((i.industry ?? null) === null ? (['industry'] as const) : []),
];

/** A reference source with its key's budget: one ticker a request, or every listing in one. */
export interface ReferenceSource {
  readonly provider: ReferenceProvider | BulkReferenceProvider;
  readonly budget: ProviderBudget;
}

const isBulk = (p: ReferenceProvider | BulkReferenceProvider): p is BulkReferenceProvider =>
  'references' in p;

/**
 * The row as a reference leaves it. Names, listings, sectors and industries fill only what is missing
 * (what the operator or an earlier source set is kept, and a known value is never erased by an absent
 * one). A stale ticker (asked because its last session did not arrive) that the provider calls delisted
 * becomes inactive with the provider's delisting date, unless that date is before the ticker's last bar:
 * then the reference describes an earlier listing of a reused symbol. A reference that says an inactive
 * listing trades makes it active again, without a delisting date (not a synthetic one, retired on purpose).
 */
function applied(
  next: Instrument,
  ref: InstrumentReference,
  stale: boolean,
  lastBar: string | undefined,
): Instrument {
  const filled = {
    ...next,
    name: next.name === next.ticker && ref.name !== undefined ? ref.name : next.name,
    sector: next.sector ?? ref.sector ?? null,
    exchange: next.exchange ?? ref.exchange ?? null,
    industry: next.industry ?? ref.industry ?? null,
  };
  if (ref.active === true && !next.active && next.source !== 'synthetic')
    return { ...filled, active: true, delisted_on: null };
  const ended =
    ref.active === false &&
    (ref.delisted_on === undefined || lastBar === undefined || ref.delisted_on >= lastBar);
  if (!ended) return filled;
  if (next.active && stale) return { ...filled, active: false, delisted_on: ref.delisted_on ?? null };
  if (!next.active) return { ...filled, delisted_on: next.delisted_on ?? ref.delisted_on ?? null };
  return filled;
}

/**
 * Completes the instrument master from providers' reference data (issue #24): the name where the row
 * holds only its ticker, the sector, industry and listing where they are missing, asking the providers in
 * order and each only for what it can know. A `stale` ticker (its last session did not arrive) is also
 * asked whether it still trades, of providers that know: one the provider calls delisted is marked
 * inactive with its delisting date, so it is no longer followed, named stale or scanned for cards (see
 * `applied`). A bulk source (every listing in one answer) is asked at most once, when the first ticker
 * needs it. Returns the tickers updated. A ticker a provider does not know is left to the next; a spent
 * budget or a failing provider drops that provider for the pass (the next sync tries again).
 */
export async function syncReference(x: {
  readonly sources: readonly ReferenceSource[];
  readonly repo: MarketDataRepo;
  readonly tickers: readonly string[];
  /** Tickers whose last closed session did not arrive in this sync. */
  readonly stale?: ReadonlySet<string>;
  /** Each ticker's last stored bar (a delisting dated before it is an earlier listing's). */
  readonly lastBars?: ReadonlyMap<string, string>;
  /**
   * Whether a one-ticker-a-request source was asked about the ticker lately: it is then not asked again
   * for fields it did not know then (an ETF has no sector), only whether a stale ticker still trades.
   */
  readonly askedRecently?: (provider: string, ticker: string) => boolean;
  /**
   * Told of every ticker a one-ticker-a-request source answered about. Not of one it did not know or
   * answered unreadably: asked again next sync (a new listing the provider has yet to describe).
   */
  readonly onAsked?: (provider: string, ticker: string) => Promise<void>;
  readonly scheduler?: Scheduler;
  readonly policy?: RetryPolicy;
  readonly signal?: AbortSignal;
}): Promise<readonly string[]> {
  const wanted = new Set(x.tickers);
  const stale = x.stale ?? new Set<string>();
  const lacks = (i: Instrument): ReferenceField[] => [
    ...missing(i),
    ...(i.active && stale.has(i.ticker) ? (['active'] as const) : []),
  ];
  const rows = (await x.repo.listInstruments()).filter((i) => wanted.has(i.ticker) && lacks(i).length > 0);
  const live = [...x.sources];
  const bulk = new Map<ReferenceSource, ReadonlyMap<string, InstrumentReference>>();
  const ask = async (source: ReferenceSource, ticker: string): Promise<InstrumentReference | undefined> => {
    const p = source.provider;
    if (isBulk(p)) {
      let all = bulk.get(source);
      if (all === undefined) {
        all = await callProvider(
          p.name,
          source.budget,
          () => p.references(x.signal),
          x.policy,
          x.scheduler,
          x.signal,
        );
        bulk.set(source, all);
      }
      return all.get(ticker.toUpperCase());
    }
    return callProvider(
      p.name,
      source.budget,
      () => p.reference(ticker, x.signal),
      x.policy,
      x.scheduler,
      x.signal,
    );
  };
  const updated: string[] = [];
  for (const row of rows) {
    let next = row;
    for (const source of [...live]) {
      if (x.signal?.aborted === true) break;
      const wanted = lacks(next).filter((f) => source.provider.referenceFields.includes(f));
      if (wanted.length === 0) continue;
      const perTicker = !isBulk(source.provider);
      if (
        perTicker &&
        !wanted.includes('active') &&
        x.askedRecently?.(source.provider.name, row.ticker) === true
      )
        continue;
      let ref: InstrumentReference | undefined;
      try {
        ref = await ask(source, row.ticker);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // A bulk answer that does not read will not read better for the next ticker.
        if ((error.kind !== 'unknown_symbol' && error.kind !== 'malformed') || !perTicker)
          live.splice(live.indexOf(source), 1);
        continue;
      }
      if (perTicker) await x.onAsked?.(source.provider.name, row.ticker);
      if (ref !== undefined) next = applied(next, ref, stale.has(row.ticker), x.lastBars?.get(row.ticker));
    }
    if (
      next.name === row.name &&
      next.sector === row.sector &&
      next.exchange === row.exchange &&
      (next.industry ?? null) === (row.industry ?? null) &&
      next.active === row.active &&
      (next.delisted_on ?? null) === (row.delisted_on ?? null)
    )
      continue;
    await x.repo.write({ source: 'reference', instruments: [next] });
    updated.push(row.ticker);
  }
  return updated;
}
