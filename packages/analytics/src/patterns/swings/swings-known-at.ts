import type { Swing } from './types.js';

/** The swings a causal reader knows at bar `t` (those with `knownAt <= t`), in order. */
export function swingsKnownAt(swings: readonly Swing[], t: number): Swing[] {
  return swings.filter((s) => s.knownAt <= t);
}
