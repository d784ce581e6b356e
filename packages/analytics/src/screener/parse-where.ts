import type { ScreenerLimits } from './limits.js';
import { type ParseResult, parseExpression } from './parse-expression.js';
import type { ConditionNode } from './syntax-tree.js';

/**
 * Parses a `where` expression (`rsi(14) < 30 and close > sma(200)`) into a tree, or the first syntax
 * error located in the text. Names are not looked up here (see `compileScreen`). Never throws, whatever
 * the input; limits default to DEFAULT_SCREENER_LIMITS.
 */
export function parseWhere(input: string, limits: Partial<ScreenerLimits> = {}): ParseResult<ConditionNode> {
  return parseExpression(input, limits, (p) => p.where());
}
