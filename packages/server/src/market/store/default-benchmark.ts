import type { MarketDataRepo } from './market-data-repo.js';

/** The benchmark a request that names none prefers: the S&P 500 ETF, when the universe has it. */
export const PREFERRED_BENCHMARK = 'SPY';

/**
 * The benchmark of a request that names none: SPY when the universe has it, else the market's own index
 * (the first active instrument of asset class `index` by ticker: the synthetic demo's SYNX), else none.
 * Answers name the ticker they used, so a client always sees which one it was.
 */
export async function defaultBenchmark(
  market: Pick<MarketDataRepo, 'findTicker' | 'listInstruments'>,
): Promise<string | undefined> {
  const preferred = await market.findTicker(PREFERRED_BENCHMARK);
  if (preferred.ok) return preferred.instrument.ticker;
  const indices = (await market.listInstruments()).filter((i) => i.active && i.asset_class === 'index');
  return indices.map((i) => i.ticker).sort()[0];
}
