import type { IngestError, ParseOutcome } from './types.js';

/**
 * The import decision for one parsed file. Without `skipBadRows` a file with any error is rejected whole
 * (nothing of it is written); with it, the valid records are accepted and the errors become the report
 * of what was skipped.
 */
export type ImportDecision<T extends ParseOutcome> =
  | { readonly kind: 'rejected'; readonly errors: readonly IngestError[] }
  | { readonly kind: 'accepted'; readonly result: T; readonly skipped: readonly IngestError[] };

export function decideImport<T extends ParseOutcome>(result: T, skipBadRows: boolean): ImportDecision<T> {
  if (result.errors.length === 0) return { kind: 'accepted', result, skipped: [] };
  // A header that cannot be read leaves nothing to import, with or without --skip-bad-rows.
  if (!skipBadRows || result.records === 0) return { kind: 'rejected', errors: result.errors };
  return { kind: 'accepted', result, skipped: result.errors };
}

/** `file:line[:column]: message`, the form the CLI prints. */
export function formatIngestError(file: string, e: IngestError): string {
  return `${file}:${e.line}${e.column === undefined ? '' : ` [${e.column}]`}: ${e.message}`;
}
