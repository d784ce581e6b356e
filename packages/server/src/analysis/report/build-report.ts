import { REPORT_VERSION, type ReportInput } from './report-input.js';
import { chartSection } from './sections/chart.js';
import { indicatorPanelSection } from './sections/indicator-panel.js';
import { levelsSection } from './sections/levels.js';
import { microstructureSection } from './sections/microstructure.js';
import { momentumSection } from './sections/momentum.js';
import { patternsSection } from './sections/patterns.js';
import { peersSection } from './sections/peers.js';
import { riskSection } from './sections/risk.js';
import { scenariosSection } from './sections/scenarios.js';
import { sentimentSection } from './sections/sentiment.js';
import { signalSection } from './sections/signal.js';
import { snapshotSection } from './sections/snapshot.js';
import { trendSection } from './sections/trend.js';
import { verdictSection } from './sections/verdict.js';
import { volatilitySection } from './sections/volatility.js';

/**
 * The analysis report (docs/analysis/report.schema.json): Light sections, plus Medium's, plus Full's.
 * Pure: the same input gives the same document, byte for byte (Full's bootstrap is seeded).
 */
export function buildReport(input: ReportInput) {
  const trend = trendSection(input);
  const momentum = momentumSection(input);
  const volatility = volatilitySection(input);
  const light = {
    snapshot: snapshotSection(input),
    trend,
    momentum,
    volatility,
    levels: levelsSection(input),
    verdict: verdictSection(input, trend, momentum, volatility),
  };
  const medium =
    input.tier === 'Light'
      ? {}
      : {
          indicators: indicatorPanelSection(input),
          patterns: patternsSection(input),
          risk: riskSection(input),
          signal: signalSection(input),
        };
  const full =
    input.tier === 'Full'
      ? {
          sentiment: sentimentSection(input),
          microstructure: microstructureSection(input),
          peers: peersSection(input),
          scenarios: scenariosSection(input),
          chart: chartSection(input),
        }
      : {};
  return {
    report_version: REPORT_VERSION,
    ticker: input.ticker,
    name: input.name,
    tier: input.tier,
    as_of: input.as_of,
    adjustment: input.adjustment,
    source: input.series.source,
    data_through: input.series.dates.at(-1) as string,
    known_through: input.known_through,
    // The last closed session has not arrived for this ticker (provider late, or trading stopped).
    stale: (input.series.dates.at(-1) as string) < input.known_through,
    bars: input.series.close.length,
    sections: { ...light, ...medium, ...full },
  };
}
