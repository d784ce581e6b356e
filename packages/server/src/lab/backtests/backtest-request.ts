/** Which tickers a backtest replays: a list, a sector, or the point-in-time index membership. */
export type BacktestUniverse =
  | { readonly tickers: readonly string[] }
  | { readonly sector: string }
  | { readonly index: 'point_in_time' };

/** A backtest as submitted (`POST /api/v1/backtests`), after schema validation. */
export interface BacktestRequest {
  readonly setup: string;
  readonly universe: BacktestUniverse;
  /** First and last session replayed (`YYYY-MM-DD`, inclusive). */
  readonly from: string;
  readonly to: string;
  readonly costs?: { readonly bps_per_side?: number };
}

/** A request with its universe resolved to tickers (what the job row stores and the worker replays). */
export interface ResolvedBacktestRequest extends BacktestRequest {
  readonly tickers: readonly string[];
}
