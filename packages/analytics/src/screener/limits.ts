/**
 * Bounds on one screen, so that no query costs more than a known amount to parse, check or evaluate.
 * Each is a named setting with a documented default; the route may pass tighter ones.
 */
export interface ScreenerLimits {
  /** Characters in a `where` or `sort` expression. */
  readonly maxLength: number;
  /** Nodes of a parsed expression (operators, operands, numbers). */
  readonly maxNodes: number;
  /** Nesting: parentheses, `not`, unary minus. Bounds the parser's recursion. */
  readonly maxDepth: number;
  /** Distinct indicator computations (`macd(12,26,9).signal` and `.hist` count once) over where and sort. */
  readonly maxComputations: number;
  /** Largest declared lookback (leading bars without a value) of any indicator the screen names. */
  readonly maxLookback: number;
}

/**
 * Defaults: 1,000 characters; 200 nodes; depth 32; 10 computations (the technical endpoint allows 20
 * per request over one ticker, a screen runs over the whole universe); lookback 2,520 bars (ten years
 * of sessions — `sma(2000)` is accepted, `sma(5000)` is not).
 */
export const DEFAULT_SCREENER_LIMITS: ScreenerLimits = {
  maxLength: 1000,
  maxNodes: 200,
  maxDepth: 32,
  maxComputations: 10,
  maxLookback: 2520,
};
