import { callProvider, type RetryPolicy, type Scheduler } from '../providers/call-provider.js';
import type { InstrumentReference, ReferenceProvider } from '../providers/provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { Instrument } from '../store/types.js';

type Field = ReferenceProvider['referenceFields'][number];

/** What an instrument row lacks: a name (the sync made it up from the ticker), a listing, a sector. */
const missing = (i: Instrument): Field[] => [
  ...(i.name === i.ticker ? (['name'] as const) : []),
  ...(i.exchange === null ? (['exchange'] as const) : []),
  ...(i.sector === null ? (['sector'] as const) : []),
];

/**
 * Completes the instrument master from providers' reference data (issue #24): the name where the row
 * holds only its ticker, the sector and listing where they are missing, asking the providers in order
 * and each only for what it can know. A `stale` ticker (its last session did not arrive) is also asked
 * whether it still trades, of providers that know: one the provider calls delisted is marked inactive,
 * so it is no longer followed, named stale or scanned for cards. What the operator or an earlier source
 * set is kept. Returns the tickers updated. A ticker a provider does not know is left to the next; a
 * spent budget or a failing provider drops that provider for the pass (the next sync tries again).
 */
export async function syncReference(x: {
  readonly sources: readonly { readonly provider: ReferenceProvider; readonly budget: ProviderBudget }[];
  readonly repo: MarketDataRepo;
  readonly tickers: readonly string[];
  /** Tickers whose last closed session did not arrive in this sync. */
  readonly stale?: ReadonlySet<string>;
  readonly scheduler?: Scheduler;
  readonly policy?: RetryPolicy;
  readonly signal?: AbortSignal;
}): Promise<readonly string[]> {
  const wanted = new Set(x.tickers);
  const stale = x.stale ?? new Set<string>();
  const lacks = (i: Instrument): Field[] => [
    ...missing(i),
    ...(i.active && stale.has(i.ticker) ? (['active'] as const) : []),
  ];
  const rows = (await x.repo.listInstruments()).filter((i) => wanted.has(i.ticker) && lacks(i).length > 0);
  const live = [...x.sources];
  const updated: string[] = [];
  for (const row of rows) {
    let next = row;
    for (const source of [...live]) {
      if (x.signal?.aborted === true) break;
      const lacking = lacks(next);
      if (!lacking.some((f) => source.provider.referenceFields.includes(f))) continue;
      let ref: InstrumentReference;
      try {
        ref = await callProvider(
          source.provider.name,
          source.budget,
          () => source.provider.reference(row.ticker, x.signal),
          x.policy,
          x.scheduler,
          x.signal,
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        if (error.kind !== 'unknown_symbol' && error.kind !== 'malformed')
          live.splice(live.indexOf(source), 1);
        continue;
      }
      next = {
        ...next,
        name: next.name === next.ticker && ref.name !== undefined ? ref.name : next.name,
        sector: next.sector ?? ref.sector ?? null,
        exchange: next.exchange ?? ref.exchange ?? null,
        // Asked because it is stale: the provider's word that the listing ended takes it out of the universe.
        active: next.active && !(stale.has(row.ticker) && ref.active === false),
      };
    }
    if (
      next.name === row.name &&
      next.sector === row.sector &&
      next.exchange === row.exchange &&
      next.active === row.active
    )
      continue;
    await x.repo.write({ source: 'reference', instruments: [next] });
    updated.push(row.ticker);
  }
  return updated;
}
