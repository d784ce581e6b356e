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
  /** A 503 the server chose to answer (load shed: a full queue…), not a fault: logged as a warning. */
  readonly shed: boolean;

  constructor(
    code: ErrorCode,
    detail: string,
    options: {
      extras?: ProblemExtras;
      headers?: Record<string, string>;
      cause?: unknown;
      shed?: boolean;
    } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProblemError';
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.detail = detail;
    this.extras = options.extras ?? {};
    this.headers = options.headers ?? {};
    this.shed = options.shed === true;
  }
}

/**
 * Load shedding: a 503 `service_unavailable` with `Retry-After` that the server decided on (a bounded
 * queue is full…) because of how clients use it. Expected, so logged at warn without a stack; a 503
 * for a dependency that failed (database, Redis) stays an error with its cause.
 */
export function loadShed(detail: string, retryAfterSeconds: number): ProblemError {
  return new ProblemError('service_unavailable', detail, {
    headers: { 'retry-after': String(retryAfterSeconds) },
    shed: true,
  });
}
