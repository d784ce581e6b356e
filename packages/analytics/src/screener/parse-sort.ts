import type { ScreenerLimits } from './limits.js';
import { type ParseResult, parseExpression } from './parse-expression.js';
import type { SortNode } from './syntax-tree.js';

/**
 * Parses a `sort` expression: a value (`roc(20)`, `close / sma(200)`), ascending, or descending when
 * written with a leading `-` (`-roc(20)`). Never throws; limits default to DEFAULT_SCREENER_LIMITS.
 */
export function parseSort(input: string, limits: Partial<ScreenerLimits> = {}): ParseResult<SortNode> {
  return parseExpression(input, limits, (p) => p.sort());
}
