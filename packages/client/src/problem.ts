import type { components } from './openapi.gen.js';

/** The RFC 9457 problem document every Bellwether error carries. */
export type ProblemDocument = components['schemas']['Problem'];
export type ProblemCode = ProblemDocument['code'];

/**
 * An error answer from the API, typed: `code` from the closed catalogue, `status`, `detail`,
 * `request_id` (quote it to the operator), and the extension members (`errors[]` with JSON pointers,
 * `required_plan`, `violated_policies`). `retryAfterMs` is set when the server said when to come back.
 */
export class BellwetherProblem extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly instance: string;
  readonly requestId: string;
  readonly errors: NonNullable<ProblemDocument['errors']>;
  readonly requiredPlan: string | null;
  readonly violatedPolicies: readonly string[];
  readonly retryAfterMs: number | undefined;
  readonly document: ProblemDocument;

  constructor(document: ProblemDocument, retryAfterMs?: number) {
    super(`${document.status} ${document.code}: ${document.detail}`);
    this.name = 'BellwetherProblem';
    this.document = document;
    this.code = document.code;
    this.status = document.status;
    this.title = document.title;
    this.detail = document.detail;
    this.type = document.type;
    this.instance = document.instance;
    this.requestId = document.request_id;
    this.errors = document.errors ?? [];
    this.requiredPlan = document.required_plan ?? null;
    this.violatedPolicies = document.violated_policies ?? [];
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * The request never produced an API answer: network failure, timeout, or a body that is not the API's
 * (a proxy's HTML error page, say). `cause` holds the underlying error.
 */
export class BellwetherTransportError extends Error {
  readonly status: number | undefined;
  constructor(message: string, options: { cause?: unknown; status?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BellwetherTransportError';
    this.status = options.status;
  }
}
