import type { Socket } from 'node:net';
import { ERROR_CATALOG, type ErrorCode, errorTypeUri } from '../../problems/catalog.js';

const DETAILS: Partial<Record<ErrorCode, string>> = {
  headers_too_large:
    'The request line and headers exceed 16 KiB. Send long lists in fewer requests, and keys only in the Authorization header.',
  request_timeout: 'The request did not arrive in full in time.',
  malformed_request: 'The request is not valid HTTP/1.1.',
};

/**
 * Answers what Node's HTTP parser refuses before any route runs (headers over 16 KiB, a request that
 * arrives too slowly, bytes that are not HTTP) with the same problem+json as every other error, then
 * closes the connection, as Node does. There is no request yet, so no `instance` nor `request_id`.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'malformed_request';
  const entry = ERROR_CATALOG[code];
  const body = JSON.stringify({
    type: errorTypeUri(code),
    title: entry.title,
    status: entry.status,
    detail: DETAILS[code],
    code,
  });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${entry.status} ${entry.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
