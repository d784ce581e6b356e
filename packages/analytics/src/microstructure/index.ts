// Market microstructure estimators. Daily estimators work from OHLCV alone; intraday ones take
// trades (epoch-ms timestamps, prices, sizes) and quotes (timestamps, bid, ask) as arrays.
export { type AbdiRanaldoOptions, abdiRanaldoSpread } from './abdi-ranaldo.js';
export { type AmihudOptions, amihudIlliquidity } from './amihud.js';
export { type CorwinSchultzOptions, corwinSchultzSpread, corwinSchultzTwoDay } from './corwin-schultz.js';
export { type EdgeSpreadOptions, edgeSpread, edgeSpreadSample, edgeSquaredSpread } from './edge-spread.js';
export * from './family.js';
export {
  type IntradayProfileOptions,
  type IntradayProfiles,
  intradayProfiles,
} from './intraday-profiles.js';
export { type KyleLambdaOptions, kyleLambda } from './kyle-lambda.js';
export { type LeeReadyOptions, leeReady, tickRule } from './lee-ready.js';
export type { NegativeHandling } from './negative-estimates.js';
// normalCdf stays exported: test/microstructure/intraday.test.ts checks it through this barrel.
export { normalCdf } from './normal-cdf.js';
export { type OrderImbalance, orderImbalance } from './order-imbalance.js';
export { midQuote, prevailingQuoteIndex } from './prevailing-quote.js';
export { type RollSpreadOptions, rollSpread } from './roll-spread.js';
export {
  DEFAULT_TRADE_SIZE_EDGES,
  type TradeSizeDistribution,
  tradeSizeDistribution,
} from './trade-size-distribution.js';
export { quotedSpread, type TradeSpreadOptions, type TradeSpreads, tradeSpreads } from './trade-spreads.js';
export { type TurnoverOptions, turnover } from './turnover.js';
export { type VpinOptions, type VpinResult, vpin } from './vpin.js';
export { cumulativeVwap, twap, vwap } from './vwap.js';
export { type ZeroReturnShareOptions, zeroReturnShare } from './zero-return-share.js';
