import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOG, type ErrorCode, errorTypeUri } from '../../problems/catalog.js';
import type { ProblemExtras } from '../../problems/problem-error.js';

const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly code: ErrorCode;
  readonly request_id: string;
  readonly [extension: string]: unknown;
}

/** Path of the request without its query string (which may carry secrets a client misplaced). */
function requestPath(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q === -1 ? request.url : request.url.slice(0, q);
}

function problemBody(
  request: FastifyRequest,
  code: ErrorCode,
  detail: string,
  extras: ProblemExtras = {},
): ProblemBody {
  const entry = ERROR_CATALOG[code];
  return {
    ...extras,
    type: errorTypeUri(code),
    title: entry.title,
    status: entry.status,
    detail,
    instance: requestPath(request),
    code,
    request_id: String(request.id),
  };
}

/** Sends a problem+json response. Problems are never cached. */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  extras: ProblemExtras = {},
  headers: Readonly<Record<string, string>> = {},
): FastifyReply {
  const body = problemBody(request, code, detail, extras);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply
    .code(body.status)
    .header('cache-control', 'no-store')
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(body));
}
