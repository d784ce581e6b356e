import { SETUPS } from '@bellwether/analytics';
import type { BacktestOptions } from '../../cards/backtest.js';

/** A setup a backtest can replay, as the engine takes it. */
export interface ResolvedSetup {
  /** The reference as the customer gave it (a built-in setup's name). */
  readonly ref: string;
  readonly builtIn: boolean;
  /** What the engine is told so that it replays this setup only. */
  readonly engine: Pick<BacktestOptions, 'setups'>;
}

/**
 * The one place a backtest's setup reference is resolved (ADR 0101): today a built-in setup by name
 * (`trend_pullback`, …). Custom setups (`/api/v1/setups`, issue #47) plug in here: a reference to one
 * of the account's setups resolves to its compiled definition. Undefined: no such setup.
 */
export async function resolveSetup(ref: string, _account_id: string): Promise<ResolvedSetup | undefined> {
  const builtIn = SETUPS.find((s) => s.id === ref);
  if (builtIn === undefined) return undefined;
  return { ref, builtIn: true, engine: { setups: [builtIn.id] } };
}

/** The names a reference may take today (for the 422 that lists them). */
export const BUILT_IN_SETUPS: readonly string[] = SETUPS.map((s) => s.id);
