/** The benchmark an answer used and why (ADR 0081): one shape wherever a benchmark is named. */
export const BENCHMARK_CHOICE = {
  type: 'object',
  additionalProperties: false,
  required: ['ticker', 'reason', 'detail'],
  description:
    'The benchmark used and why: the request named it, the operator set it (BELLWETHER_MARKET_TICKER), SPY has bars through the window, the market index (SPY has not), or none',
  properties: {
    ticker: { type: ['string', 'null'] },
    reason: {
      type: 'string',
      enum: ['requested', 'operator_setting', 'spy_has_bars', 'market_index', 'none'],
    },
    detail: {
      type: 'string',
      description: 'The choice in words, e.g. "SPY has no bars: the market\'s index SYNX"',
    },
  },
} as const;
