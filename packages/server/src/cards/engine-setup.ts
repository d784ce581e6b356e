import type { EvidenceContext, ScanInput, SignalCandidate } from '@bellwether/analytics';

/**
 * What the backtest engine replays: a setup's candidates at bar t of a ticker's series (data through t
 * only), and its cap of cards a session when it has one. A built-in setup is `scanAt` narrowed to its id;
 * a custom one is compiled from its definition (`lab/setups/engine-setup-of.ts`).
 */
export interface EngineSetup {
  readonly id: string;
  scan(input: ScanInput, t: number, context?: EvidenceContext): SignalCandidate[];
  readonly maxPerSession?: number;
}
