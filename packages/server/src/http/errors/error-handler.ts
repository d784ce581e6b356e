import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageUnavailable } from '../../db/storage-unavailable.js';
import { isUnstorableText } from '../../db/unstorable-text.js';
import { DataIssueError } from '../../market/store/data-issue-error.js';
import { suggestTicker } from '../../market/store/suggest-ticker.js';
import { isRedisUnavailable } from '../../platform/redis-unavailable.js';
import type { FieldError } from '../../problems/problem-error.js';
import { ProblemError } from '../../problems/problem-error.js';
import { LoadShed } from './load-shed.js';
import { sendProblem } from './render-problem.js';

interface AjvIssue {
  readonly instancePath?: string;
  readonly message?: string;
  readonly keyword?: string;
  readonly params?: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'headers',
};

/** The request's value at a validator's `instancePath` (`/setup`) in `context` (querystring, body…). */
function valueAt(request: FastifyRequest, context: string | undefined, instancePath: string): unknown {
  const parts: Record<string, unknown> = {
    querystring: request.query,
    body: request.body,
    params: request.params,
    headers: request.headers,
  };
  let value = parts[context ?? ''];
  for (const step of instancePath.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[step.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/** The allowed value closest to a misspelt one (`breakot` → `breakout_volume`), regardless of case. */
function closestChoice(given: unknown, allowed: readonly unknown[]): string | undefined {
  if (typeof given !== 'string' || given.trim() === '') return undefined;
  const names = allowed.map(String);
  const near = suggestTicker(
    given.trim().toLowerCase(),
    names.map((n) => n.toLowerCase()),
  );
  return near === undefined ? undefined : names.find((n) => n.toLowerCase() === near);
}

/**
 * Maps schema-validation issues to `errors[]` entries with JSON pointers into the request; a value
 * outside a choice asks "did you mean" the closest allowed one (the first such is also `suggestion`).
 */
function validationErrors(
  request: FastifyRequest,
  context: string | undefined,
  issues: readonly AjvIssue[],
): { errors: FieldError[]; suggestion?: string } {
  const root = `/${CONTEXT_NAMES[context ?? ''] ?? context ?? 'request'}`;
  // A choice of literals (anyOf of consts) fails as one "must be equal to constant" per literal and an
  // anyOf: say it once, naming the allowed values.
  const literals = new Map<string, unknown[]>();
  for (const issue of issues)
    if (issue.keyword === 'const' && issue.params !== undefined && 'allowedValue' in issue.params) {
      const at = issue.instancePath ?? '';
      literals.set(at, [...(literals.get(at) ?? []), issue.params.allowedValue]);
    }
  const choice = (issue: AjvIssue) =>
    issue.keyword === 'anyOf' ? literals.get(issue.instancePath ?? '') : undefined;
  const folded = issues.filter(
    (issue) =>
      !(
        issue.keyword === 'const' &&
        issues.some((o) => o.keyword === 'anyOf' && o.instancePath === issue.instancePath)
      ),
  );
  let suggestion: string | undefined;
  const oneOf = (issue: AjvIssue, values: readonly unknown[]): FieldError => {
    const near = closestChoice(valueAt(request, context, issue.instancePath ?? ''), values);
    suggestion ??= near;
    return {
      pointer: root + (issue.instancePath ?? ''),
      detail: `must be one of ${values.join(', ')}${near === undefined ? '' : `; did you mean "${near}"?`}`,
    };
  };
  const errors = folded.map((issue) => {
    const values = choice(issue);
    if (values !== undefined) return oneOf(issue, values);
    const allowed = issue.params?.allowedValues;
    if (issue.keyword === 'enum' && Array.isArray(allowed)) return oneOf(issue, allowed);
    let pointer = root + (issue.instancePath ?? '');
    const p = issue.params ?? {};
    if (issue.keyword === 'required' && typeof p.missingProperty === 'string')
      pointer += `/${p.missingProperty}`;
    if (issue.keyword === 'additionalProperties' && typeof p.additionalProperty === 'string') {
      pointer += `/${p.additionalProperty}`;
      return { pointer, detail: 'is not a recognised parameter' };
    }
    return { pointer, detail: plainWords(issue) };
  });
  return suggestion === undefined ? { errors } : { errors, suggestion };
}

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const FORMATS: Record<string, string> = {
  date: 'a calendar date such as 2026-01-02',
  'date-time': 'an ISO-8601 instant such as 2026-11-20T14:30:00Z',
  email: 'an email address',
  uri: 'an absolute URL',
  uuid: 'a UUID',
};

/** The validator's finding in plain words (never "must have required property" or "must match pattern"). */
function plainWords(issue: AjvIssue): string {
  const p = issue.params ?? {};
  const n = (k: string) => (typeof p[k] === 'number' ? (p[k] as number) : Number.NaN);
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'enum': // with its allowed values: see validationErrors
      return 'is not an accepted value';
    case 'const':
      return `must be ${String(p.allowedValue)}`;
    case 'type':
      // Our own check (decimal numbers in a query string) already speaks plainly and names no type.
      return typeof p.type === 'string'
        ? `must be ${p.type
            .split(',')
            .map((t) => TYPE_NAMES[t] ?? t)
            .join(' or ')}`
        : (issue.message ?? 'is of the wrong type');
    case 'minimum':
      return `must be at least ${n('limit')}`;
    case 'maximum':
      return `must be at most ${n('limit')}`;
    case 'exclusiveMinimum':
      return `must be more than ${n('limit')}`;
    case 'exclusiveMaximum':
      return `must be less than ${n('limit')}`;
    case 'minLength':
      return n('limit') === 1 ? 'must not be empty' : `must be at least ${n('limit')} characters long`;
    case 'maxLength':
      return `must be at most ${n('limit')} characters long`;
    case 'minItems':
      return `must have at least ${n('limit')} item${n('limit') === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${n('limit')} items`;
    case 'pattern':
      return 'is not in the accepted form (see the parameter in the API reference)';
    case 'format':
      return `must be ${FORMATS[String(p.format)] ?? `in the ${String(p.format)} format`}`;
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`;
    case 'anyOf':
    case 'oneOf':
      return 'does not match any accepted form';
    default:
      return issue.message ?? 'is invalid';
  }
}

/**
 * The single error handler: typed problems render as they are; framework errors map onto the
 * catalogue; anything else is a logged 500 with no detail exposed.
 */
export function handleError(
  error: FastifyError | ProblemError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof LoadShed) {
    const level = error.reason === 'client_left' ? 'info' : 'warn';
    request.log[level]({ code: error.code, reason: error.reason }, 'request shed');
  } else if (error instanceof ProblemError) {
    if (error.code === 'internal_error' || error.code === 'service_unavailable') {
      request.log.error({ err: error.cause ?? error, code: error.code }, 'request failed');
    }
  }
  if (error instanceof ProblemError) {
    return sendProblem(request, reply, error.code, error.detail, error.extras, error.headers);
  }
  if (error instanceof DataIssueError) {
    request.log.warn({ ticker: error.ticker, issues: error.issues.length }, 'data issue');
    return sendProblem(request, reply, 'data_issue', `${error.message}.`, {
      ticker: error.ticker,
      data_issues: error.issues,
    });
  }
  const fe = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    const found = validationErrors(request, fe.validationContext, fe.validation);
    const detail = found.errors.map((e) => `${e.pointer} ${e.detail}`).join('; ');
    return sendProblem(request, reply, 'validation_failed', detail, found);
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 413)
    return sendProblem(request, reply, 'payload_too_large', 'The request body exceeds the size limit.');
  if (status === 415)
    return sendProblem(request, reply, 'unsupported_media_type', 'Request bodies must be application/json.');
  if (status === 406)
    return sendProblem(request, reply, 'not_acceptable', 'This API produces application/json.');
  if (status >= 400 && status < 500) {
    return sendProblem(
      request,
      reply,
      'malformed_request',
      fe.code?.startsWith('FST_ERR_CTP')
        ? 'The request body is not valid JSON.'
        : 'The request could not be parsed.',
    );
  }
  if (isUnstorableText(error)) {
    request.log.warn({ err: error }, 'request text refused by the database');
    return sendProblem(
      request,
      reply,
      'malformed_request',
      'The request contains a character that cannot be stored (such as U+0000).',
    );
  }
  if (isStorageUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendProblem(
      request,
      reply,
      'service_unavailable',
      'The database is unavailable; retry shortly.',
      {},
      { 'retry-after': '5' },
    );
  }
  if (isRedisUnavailable(error)) {
    request.log.error({ err: error }, 'redis unavailable');
    return sendProblem(
      request,
      reply,
      'service_unavailable',
      'A dependency (Redis) is unavailable; retry shortly.',
      {},
      { 'retry-after': '5' },
    );
  }
  request.log.error({ err: error }, 'unhandled error');
  if (status === 503)
    return sendProblem(
      request,
      reply,
      'service_unavailable',
      'A dependency is unavailable.',
      {},
      { 'retry-after': '5' },
    );
  return sendProblem(
    request,
    reply,
    'internal_error',
    'An unexpected error occurred; it has been logged with this request_id.',
  );
}
