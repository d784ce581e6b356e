/**
 * The shapes of the report sections the viewer draws with their own panels (docs/analysis/report.schema.json).
 * Reports are data from the server: a panel that finds another shape throws, and its section falls back
 * to the generic renderer (SectionBoundary), so a changed or new section never breaks the page.
 */
import type { Section } from '../api';

type Num = number | null;

export interface SnapshotSection extends Section {
  last_close: number;
  last_date: string;
  change: { d1: Num; w1: Num; m1: Num; ytd: Num };
  range_52w: { high: number; low: number; position: Num };
}

export interface TrendSection extends Section {
  regime: string;
  strength: string;
  close: number;
  sma_50: Num;
  sma_200: Num;
  sma_50_slope: Num;
  adx_14: Num;
}

export interface MomentumSection extends Section {
  state: string;
  rsi_14: Num;
  macd: { line: Num; signal: Num; histogram: Num };
  roc_21_pct: Num;
}

export interface VolatilitySection extends Section {
  regime: string;
  atr_14: Num;
  atr_pct: Num;
  realised_vol_21: Num;
  realised_vol_252: Num;
  bollinger_width: Num;
}

export interface Level {
  price: number;
  low: number;
  high: number;
  touches: number;
  strength: number;
  first_touch: string;
  last_touch: string;
  distance_pct: number;
}

export interface LevelsSection extends Section {
  close: number;
  tolerance: Num;
  support: Level[];
  resistance: Level[];
}

export interface VerdictSection extends Section {
  verdict: 'bullish' | 'bearish' | 'neutral';
  score: number;
  votes: { factor: string; vote: -1 | 0 | 1; because: string }[];
}

export interface IndicatorRow {
  code: string;
  params: Record<string, unknown>;
  values: Record<string, Num>;
  month_ago: Record<string, Num>;
}

export interface IndicatorsSection extends Section {
  indicators: IndicatorRow[];
}

export interface CandleSignal {
  date: string;
  code: string;
  name: string;
  signal: number;
  /** `indecision` in reports before 1.3.0. */
  direction: 'bullish' | 'bearish' | 'neutral' | 'indecision';
}

export interface ChartPattern {
  type: string;
  bias: string;
  state: string;
  detected_on: string;
  target: Num;
  height: Num;
  events: { state: string; reason: string; date: string }[];
}

export interface PatternsSection extends Section {
  candlesticks: CandleSignal[];
  chart_patterns: ChartPattern[];
}

export interface RiskMetric {
  code: string;
  name: string;
  unit: 'decimal' | 'fraction' | 'ratio' | 'periods' | 'index';
  value: Num;
  reason?: string;
}

export interface RiskSection extends Section {
  observations: number;
  metrics: RiskMetric[];
}

export interface Setup {
  setup: string;
  direction: 'long' | 'short';
  entry_zone: { low: number; high: number };
  t1: number;
  t2: number;
  stop: number;
  risk_reward: { t1: number; t2: number };
  expiry_bars: number;
  thesis: string;
}

export interface SignalSection extends Section {
  triggered: boolean;
  setups: Setup[];
}

export interface ScenariosSection extends Section {
  last_close: number;
  horizons: { bars: number; quantiles: Record<string, number>; probability_above_last: number }[];
}

export interface SentimentSection extends Section {
  items: number;
  mean_score: Num;
  tone: string;
  counts: Record<string, number>;
  strongest: { published_at: string; source: string; headline: string; score: number; label: string }[];
}

export interface MicrostructureSection extends Section {
  liquidity: string;
  avg_dollar_volume: Num;
  amihud_illiquidity: Num;
  corwin_schultz_spread: Num;
  roll_spread: Num;
}

export interface PeerRow {
  ticker: string;
  change: { m1: Num; m3: Num; y1: Num };
  correlation_1y: Num;
}

export interface PeersSection extends Section {
  self: PeerRow;
  peers: PeerRow[];
  rank_1y: Num;
}

/** Full's chart section: a year of bars with the overlays the report computed. */
export interface ChartSection extends Section {
  dates: string[];
  open: Num[];
  high: Num[];
  low: Num[];
  close: Num[];
  volume: Num[];
  overlays: Record<string, Num[]>;
}

/** Throws (so the generic renderer takes over) when a value the panel relies on is missing. */
export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`report section: ${what} is missing`);
  return value;
}
