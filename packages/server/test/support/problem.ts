import { expect } from 'vitest';
import { ERROR_CATALOG, type ErrorCode } from '../../src/problems/catalog.js';

interface ResponseLike {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | number | undefined>;
  readonly body: string;
}

/** Asserts an RFC 9457 problem+json response of our catalogue, with the given status and code. */
export function expectProblem(res: ResponseLike, status: number, code?: ErrorCode): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  assertProblemShape(res);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  if (code !== undefined) expect(body.code).toBe(code);
  return body;
}

/** Shape checks every error response must pass, whatever its status. */
export function assertProblemShape(res: ResponseLike): void {
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(typeof body.type).toBe('string');
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
  expect(typeof body.instance).toBe('string');
  expect(typeof body.request_id).toBe('string');
  expect(body.status).toBe(res.statusCode);
  const code = body.code as ErrorCode;
  expect(Object.keys(ERROR_CATALOG)).toContain(code);
  expect(ERROR_CATALOG[code].status).toBe(res.statusCode);
  expect(body.type).toBe(`/docs/errors/${code}`);
  expect(res.headers['x-request-id']).toBe(body.request_id);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(js|ts):\d+/);
}
