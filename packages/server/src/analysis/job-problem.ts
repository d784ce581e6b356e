import { ERROR_CATALOG, type ErrorCode } from '../problems/catalog.js';

/** A failure that retrying cannot cure (bad input found when the job ran): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

/** The problem object stored on a failed job (the same shape as an HTTP problem). */
export function jobProblem(code: ErrorCode, detail: string): Record<string, unknown> {
  const entry = ERROR_CATALOG[code];
  return { type: `/docs/errors/${code}`, title: entry.title, status: entry.status, code, detail };
}
