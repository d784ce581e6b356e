import type * as TechnicalIndicators from 'technicalindicators';
import type * as TradingSignals from 'trading-signals';

/**
 * The JS peers, loaded by `loadPeers()` only after our own timings are taken. Loading
 * technicalindicators (its bundle with a source map, under tsx) deoptimises already-optimised code
 * of ours and leaves it measurably slower — add 1.2 → 2.0 ms, willr 13 → 17 ms on 1M bars — an
 * effect of the peer's presence in the process, not of our code, which a user of ours alone never
 * sees. The cases reference these live bindings only inside their closures.
 */
export let TI: typeof TechnicalIndicators;
export let TS: typeof TradingSignals;

export async function loadPeers(): Promise<void> {
  TI = await import('technicalindicators');
  TS = await import('trading-signals');
}
