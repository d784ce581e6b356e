import { suggestTicker } from '../../market/store/suggest-ticker.js';
import { ProblemError } from '../../problems/problem-error.js';

/**
 * Known codes a problem lists when none is close to an unknown one (the 36 risk metrics fit); longer
 * lists (the candlestick patterns, each with and without `cdl`) are left to the docs.
 */
const MAX_LISTED = 40;

/**
 * Parses a comma-separated list of codes (`metrics=sharpe,beta`) against what the endpoint knows,
 * case-insensitively and without duplicates. Absent or empty: every known entry. Each unknown code is
 * one `errors[]` entry pointing at `/query/<param>/<index>` that asks "did you mean" the closest known
 * code (also the problem's `suggestion`, the first one's), or names the known codes when none is close
 * (up to MAX_LISTED of them).
 */
export function parseCodeList<T>(
  raw: unknown,
  param: string,
  known: ReadonlyMap<string, T>,
  noun: string,
): T[] {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === ''))
    return [...new Set(known.values())];
  const codes = String(raw)
    .split(',')
    .map((c) => c.trim().toLowerCase());
  const errors: { pointer: string; detail: string }[] = [];
  const out = new Set<T>();
  const names = [...known.keys()];
  const listed = names.length <= MAX_LISTED ? ` (one of ${names.join(', ')})` : '';
  let suggestion: string | undefined;
  codes.forEach((code, i) => {
    const entry = known.get(code);
    if (entry !== undefined) {
      out.add(entry);
      return;
    }
    const near = code === '' ? undefined : suggestTicker(code, names);
    suggestion ??= near;
    errors.push({
      pointer: `/query/${param}/${i}`,
      detail: `unknown ${noun} "${code}"${near === undefined ? listed : `; did you mean "${near}"?`}`,
    });
  });
  if (errors.length > 0)
    throw new ProblemError('validation_failed', errors.map((e) => `${e.pointer} ${e.detail}`).join('; '), {
      extras: { errors, ...(suggestion === undefined ? {} : { suggestion }) },
    });
  return [...out];
}
