import { checkBars } from '../swings/check-bars.js';
import { wilderAtr } from '../swings/wilder-atr.js';
import { zigZag } from '../swings/zig-zag.js';
import { collectDrafts } from './collect-drafts.js';
import { type ChartPatternOptions, resolveChartPatternOptions } from './options.js';
import { runLifecycles } from './run-lifecycles.js';
import type { ChartPatternResult, OhlcSeries } from './types.js';

/**
 * Detects chart patterns from zig-zag swings and tracks each one's lifecycle bar by bar.
 *
 * No look-ahead: a swing is used only from the bar its reversal confirmed it (`knownAt`), a pattern is
 * reported from the bar its last swing became known (`detectedAt`), and each lifecycle event at bar t reads
 * only bars <= t. Running on `bars[0..t]` therefore gives exactly `chartPatternsAsOf(fullResult, t)`.
 * Inputs are not mutated. Throws RangeError for invalid options, mismatched array lengths or non-finite
 * prices.
 */
export function detectChartPatterns(bars: OhlcSeries, options: ChartPatternOptions = {}): ChartPatternResult {
  const p = resolveChartPatternOptions(options);
  const { high, low, close } = bars;
  checkBars(high, low, close);
  const atr = wilderAtr(high, low, close, p.atrPeriod);
  const swings = zigZag(high, low, atr, p.swingThresholdAtr);
  const flagSwings = zigZag(high, low, atr, p.flagSwingThresholdAtr);
  const drafts = collectDrafts(swings, flagSwings, atr, p);
  return { swings, flagSwings, patterns: runLifecycles(drafts, bars, p.maxTargetBars) };
}
