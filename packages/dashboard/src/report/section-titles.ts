/** Headings of the report sections the viewer knows; any other section is titled by its name. */
export const SECTION_TITLES: Readonly<Record<string, string>> = {
  snapshot: 'Snapshot',
  trend: 'Trend',
  momentum: 'Momentum',
  volatility: 'Volatility',
  levels: 'Support and resistance',
  verdict: 'Verdict',
  indicators: 'Indicator panel',
  patterns: 'Patterns',
  risk: 'Risk',
  signal: 'Signal engine',
  sentiment: 'Sentiment',
  microstructure: 'Liquidity and microstructure',
  peers: 'Peers',
  scenarios: 'Scenarios',
  chart: 'Chart series',
};
