import { callProvider, type RetryPolicy, type Scheduler } from '../providers/call-provider.js';
import type { ReferenceProvider } from '../providers/provider.js';
import type { ProviderBudget } from '../providers/provider-budget.js';
import { ProviderError } from '../providers/provider-error.js';
import type { MarketDataRepo } from '../store/market-data-repo.js';
import type { Instrument } from '../store/types.js';

/** An instrument row the sync made up (its name is its ticker) or that lacks a sector or listing. */
const incomplete = (i: Instrument) => i.name === i.ticker || i.sector === null || i.exchange === null;

/**
 * Completes the instrument master from a provider's reference data (issue #24): the name where the row
 * holds only its ticker, the sector and listing where they are missing. What the operator or an earlier
 * source set is kept. Returns the tickers updated. A ticker the provider does not know is left as it is;
 * a spent budget or a failing provider ends the pass (the next sync tries again).
 */
export async function syncReference(x: {
  readonly provider: ReferenceProvider;
  readonly budget: ProviderBudget;
  readonly repo: MarketDataRepo;
  readonly tickers: readonly string[];
  readonly scheduler?: Scheduler;
  readonly policy?: RetryPolicy;
  readonly signal?: AbortSignal;
}): Promise<readonly string[]> {
  const wanted = new Set(x.tickers);
  const rows = (await x.repo.listInstruments()).filter((i) => wanted.has(i.ticker) && incomplete(i));
  const updated: string[] = [];
  for (const row of rows) {
    if (x.signal?.aborted === true) break;
    let ref: Awaited<ReturnType<ReferenceProvider['reference']>>;
    try {
      ref = await callProvider(
        x.provider.name,
        x.budget,
        () => x.provider.reference(row.ticker, x.signal),
        x.policy,
        x.scheduler,
      );
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.kind === 'unknown_symbol' || error.kind === 'malformed') continue;
      break;
    }
    const next: Instrument = {
      ...row,
      name: row.name === row.ticker && ref.name !== undefined ? ref.name : row.name,
      sector: row.sector ?? ref.sector ?? null,
      exchange: row.exchange ?? ref.exchange ?? null,
    };
    if (next.name === row.name && next.sector === row.sector && next.exchange === row.exchange) continue;
    await x.repo.write({ source: x.provider.name, instruments: [next] });
    updated.push(row.ticker);
  }
  return updated;
}
