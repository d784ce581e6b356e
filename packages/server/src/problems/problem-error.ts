import { ERROR_CATALOG, type ErrorCode } from './catalog.js';

export interface FieldError {
  /** JSON pointer into the request, e.g. `/query/period` or `/body/tier`. */
  readonly pointer: string;
  readonly detail: string;
}

export interface ProblemExtras {
  readonly errors?: readonly FieldError[];
  readonly required_plan?: string | null;
  readonly violated_policies?: readonly string[];
  readonly suggestion?: string;
  readonly [member: string]: unknown;
}

/**
 * An HTTP problem the handlers throw (or return through reply helpers). The error handler renders it
 * as problem+json; `headers` are added to the response (Retry-After, WWW-Authenticate, Allow…).
 */
export class ProblemError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  readonly extras: ProblemExtras;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    detail: string,
    options: {
      extras?: ProblemExtras;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProblemError';
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.detail = detail;
    this.extras = options.extras ?? {};
    this.headers = options.headers ?? {};
  }
}

/**
 * A 422 `validation_failed` for field errors, whose `detail` is the first error in words (the parameter
 * and what is wrong with it) and how many more `errors[]` holds — what a client that shows only `detail`
 * (the SDK's `BellwetherProblem.detail`, a log line) needs to fix the request.
 */
export function invalidFields(errors: readonly FieldError[], extras: ProblemExtras = {}): ProblemError {
  const first = errors[0];
  const name = first === undefined ? '' : first.pointer.split('/').filter(Boolean).slice(1).join('.');
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more in errors[])` : '';
  const text = `${name === '' ? '' : `${name}: `}${first?.detail ?? 'the request is invalid'}${more}`;
  const detail = /[.?!]$/.test(text) ? text : `${text}.`;
  return new ProblemError('validation_failed', detail, { extras: { ...extras, errors } });
}
