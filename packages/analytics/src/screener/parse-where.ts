import type { ScreenerLimits } from './limits.js';
import { type ParseResult, parseExpression } from './parse-expression.js';
import type { ConditionNode } from './syntax-tree.js';

/**
 * Parses a `where` expression (`rsi(14) < 30 and close > sma(200)`) into a tree, or its syntax errors
 * located in the text (the first, then each later clause's the parser can recover to). Names are not
 * looked up here (see `compileScreen`). Never throws, whatever the input; limits default to
 * DEFAULT_SCREENER_LIMITS.
 */
export function parseWhere(input: string, limits: Partial<ScreenerLimits> = {}): ParseResult<ConditionNode> {
  return parseExpression(input, limits, (p) => p.where(), true);
}
