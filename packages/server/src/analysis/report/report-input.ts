import type { BenchmarkChoice } from '../../market/store/benchmark-resolver.js';
import type { Adjustment } from '../../market/store/types.js';

/** The tiers, exactly as the specification writes them. */
export const ANALYSIS_TIERS = ['Light', 'Medium', 'Full'] as const;
export type AnalysisTier = (typeof ANALYSIS_TIERS)[number];

/** Version of the report document; bump on any change of shape (docs/analysis/report.schema.json). */
export const REPORT_VERSION = '1.3.0';

/** One ticker's aligned daily columns (structured-clone friendly: crosses into a worker thread as is). */
export interface OhlcvColumns {
  readonly ticker: string;
  readonly source: string;
  readonly dates: readonly string[];
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/** A stored news item with its sentiment score in [−1, 1] (scored before the report is built). */
export interface ScoredNews {
  readonly published_at: string;
  readonly source: string;
  readonly headline: string;
  readonly score: number;
  readonly label: string;
}

/**
 * Everything a report is computed from. Built by the job runner from the database, then handed to a
 * pure function (in a worker thread): the same input always gives the same report.
 */
export interface ReportInput {
  readonly ticker: string;
  readonly name: string;
  readonly sector: string | null;
  readonly tier: AnalysisTier;
  /** ISO-8601 `Z` instant the data are as of (bars after it were not visible). */
  readonly as_of: string;
  /** The last session closed at `as_of`: the series is stale when its last bar is earlier. */
  readonly known_through: string;
  readonly adjustment: Adjustment;
  readonly series: OhlcvColumns;
  /**
   * Medium and Full: the benchmark the resolver chose (ADR 0081) when it has bars and is not the ticker
   * itself, and the choice with its reason (named in the risk and peers sections).
   */
  readonly benchmark?: OhlcvColumns;
  readonly benchmark_choice?: BenchmarkChoice;
  /** Full: news of the last days with scores. */
  readonly news?: readonly ScoredNews[];
  /** Full: same-sector instruments. */
  readonly peers?: readonly OhlcvColumns[];
  /** Full: same-sector instruments left out because their stored data cannot be served (ADR 0080). */
  readonly peers_left_out?: readonly { readonly ticker: string; readonly reason: string }[];
  /** Full: the seed of the scenario bootstrap (derived from ticker and as_of, so a job reproduces). */
  readonly seed: number;
}

/** Bars of history an analysis needs at least (200-day average plus the 52-week range). */
export const MIN_ANALYSIS_BARS = 260;
