import { type CheckResult, checkScreen, type ScreenQueryError } from './check-screen.js';
import { DEFAULT_SCREENER_LIMITS, type ScreenerLimits } from './limits.js';
import { parseSort } from './parse-sort.js';
import { parseWhere } from './parse-where.js';

/** The screen as the route receives it: `where` and an optional `sort`. */
export interface ScreenQuery {
  readonly where: string;
  readonly sort?: string | undefined;
}

/**
 * Parses and checks a screen: syntax errors of both expressions, else every name, argument and output
 * resolved against the catalogue and the plan built within the limits (DEFAULT_SCREENER_LIMITS unless
 * given). Each error names the expression (`where` or `sort`) and the offset and length of the offending
 * text. Never throws, whatever the input.
 */
export function compileScreen(query: ScreenQuery, limits: Partial<ScreenerLimits> = {}): CheckResult {
  const all = { ...DEFAULT_SCREENER_LIMITS, ...limits };
  const where = parseWhere(query.where, all);
  const sort = query.sort === undefined ? undefined : parseSort(query.sort, all);
  const errors: ScreenQueryError[] = [];
  if (!where.ok) errors.push(...where.errors.map((e) => ({ ...e, field: 'where' as const })));
  if (sort !== undefined && !sort.ok)
    errors.push(...sort.errors.map((e) => ({ ...e, field: 'sort' as const })));
  if (!where.ok || (sort !== undefined && !sort.ok)) return { ok: false, errors };
  return checkScreen(
    { where: query.where, sort: query.sort },
    { where: where.tree, sort: sort?.ok === true ? sort.tree : undefined },
    all,
  );
}
