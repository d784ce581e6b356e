import type { ChartPattern, ChartPatternResult } from './types.js';

/**
 * What a causal reader knew at bar `t`: swings with `knownAt <= t`, patterns with `detectedAt <= t`, each
 * with its events up to bar t and the state of the last of them. For any series,
 * `detectChartPatterns(bars[0..t])` deep-equals `chartPatternsAsOf(detectChartPatterns(bars), t)`.
 */
export function chartPatternsAsOf(result: ChartPatternResult, t: number): ChartPatternResult {
  const patterns: ChartPattern[] = [];
  for (const pattern of result.patterns) {
    if (pattern.detectedAt > t) continue;
    const events = pattern.events.filter((e) => e.bar <= t);
    patterns.push({ ...pattern, events, state: events[events.length - 1]!.state });
  }
  return {
    swings: result.swings.filter((s) => s.knownAt <= t),
    flagSwings: result.flagSwings.filter((s) => s.knownAt <= t),
    patterns,
  };
}
