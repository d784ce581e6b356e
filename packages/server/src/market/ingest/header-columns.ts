import type { IngestError } from './types.js';

/**
 * Positions of named columns in a header row (case-insensitive, surrounding spaces ignored). Required
 * names that are missing produce one error at the header line.
 */
export function headerColumns<R extends string, O extends string>(
  header: readonly string[],
  line: number,
  required: readonly R[],
  optional: readonly O[],
): { readonly at: Record<R | O, number> } | IngestError {
  const names = header.map((h) => h.trim().toLowerCase());
  const at = {} as Record<R | O, number>;
  for (const n of [...required, ...optional]) at[n] = names.indexOf(n);
  const missing = required.filter((n) => at[n] === -1);
  if (missing.length > 0) {
    return {
      line,
      message: `header lacks ${missing.join(', ')} (expected ${[...required, ...optional].join(',')})`,
    };
  }
  return { at };
}
