import type * as TechnicalIndicators from 'technicalindicators';
import type * as TradingSignals from 'trading-signals';

/**
 * The JS peers, loaded by `loadPeers()` in the peer child process (bench/indicators-peers.ts) and
 * never in the process that times ours: loading technicalindicators (its bundle with a source map,
 * under tsx) deoptimises code already in the process and leaves ours measurably slower — add 1.2 →
 * 2.0 ms, willr 13 → 17 ms on 1M bars. The cases reference these live bindings only inside their
 * closures.
 */
export let TI: typeof TechnicalIndicators;
export let TS: typeof TradingSignals;

export async function loadPeers(): Promise<void> {
  TI = await import('technicalindicators');
  TS = await import('trading-signals');
}
