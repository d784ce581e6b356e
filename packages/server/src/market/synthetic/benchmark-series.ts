import { buildBar } from './bar-builder.js';
import type { FactorPath } from './garch.js';
import { CENTS } from './price-grid.js';
import { Prng } from './prng.js';
import type { SimulatedSeries } from './simulate-series.js';
import type { DailyBar } from './types.js';

/** Level of the benchmark index at the close before the first generated session. */
const BENCHMARK_BASE = 1000;

/**
 * The benchmark: a cap-weighted price index of the equities (weights are market values at the previous
 * close, so splits are neutral and dividends lower it, like a price-return index). Open and close are
 * exact; the high and low are Brownian-bridge extremes with the market factor's intraday σ. Volume is
 * the constituents' total.
 */
export function simulateBenchmark(
  constituents: readonly SimulatedSeries[],
  dates: readonly string[],
  market: FactorPath,
  overnightShare: number,
  seed: number,
  ticker: string,
): DailyBar[] {
  const rng = Prng.stream(seed, 'bars', ticker);
  const bars: DailyBar[] = [];
  let level = BENCHMARK_BASE;
  for (let t = 0; t < dates.length; t++) {
    let cap = 0;
    let open = 0;
    let close = 0;
    let volume = 0;
    for (const c of constituents) {
      const w = c.previousCap[t]!;
      cap += w;
      open += w * c.openRelative[t]!;
      close += w * c.closeRelative[t]!;
      volume += c.bars[t]!.volume;
    }
    const midOpen = (level * open) / cap;
    const midClose = (level * close) / cap;
    const s = Math.sqrt(1 - overnightShare) * market.sigma[t]!;
    bars.push(buildBar(dates[t]!, midOpen, midClose, s, 0, volume, CENTS, rng));
    level = midClose;
  }
  return bars;
}
