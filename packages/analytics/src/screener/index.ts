// The screener (issue #28): a small grammar over the indicator catalogue, parsed into a tree, checked into
// a plan, and evaluated per ticker at one bar without looking ahead.
export type { CheckResult, ScreenField, ScreenQueryError } from './check-screen.js';
export { compileScreen, type ScreenQuery } from './compile-screen.js';
export { evaluateScreen, type ScreenBars, type ScreenEvaluation } from './evaluate-screen.js';
export { type HistoryNeed, RECURSIVE_WARMUP_MULTIPLE } from './history-need.js';
export { DEFAULT_SCREENER_LIMITS, type ScreenerLimits } from './limits.js';
export type { ParseResult } from './parse-expression.js';
export { parseSort } from './parse-sort.js';
export { parseWhere } from './parse-where.js';
export { rankScreenResults } from './rank-screen-results.js';
export type { ScreenError } from './screen-error.js';
export type * from './screen-plan.js';
export { SCREENER_INDICATORS } from './screener-indicators.js';
export type * from './syntax-tree.js';
