import { ProblemError } from '../errors/problem-error.js';

/**
 * Parses a comma-separated list of codes (`metrics=sharpe,beta`) against what the endpoint knows,
 * case-insensitively and without duplicates. Absent or empty: every known entry. Each unknown code is
 * one `errors[]` entry pointing at `/query/<param>/<index>`, with the known codes when they are few.
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
  const hint = known.size <= 12 ? ` (one of ${[...known.keys()].join(', ')})` : '';
  codes.forEach((code, i) => {
    const entry = known.get(code);
    if (entry === undefined)
      errors.push({ pointer: `/query/${param}/${i}`, detail: `unknown ${noun} "${code}"${hint}` });
    else out.add(entry);
  });
  if (errors.length > 0)
    throw new ProblemError(
      'validation_failed',
      `The ${param} parameter names unknown ${noun}s; see errors[].`,
      { extras: { errors } },
    );
  return [...out];
}
