import { ProblemError } from '../../problems/problem-error.js';

/** An opaque `next_cursor`: the sort key of a page's last row. */
export function encodeListCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The sort key a cursor holds, read by `read` (undefined when the key does not have the list's shape); a
 * 422 pointing at `cursor` when it is not one this list issued.
 */
export function decodeListCursor<T>(raw: string, read: (key: readonly unknown[]) => T | undefined): T {
  let key: T | undefined;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    key = Array.isArray(v) ? read(v) : undefined;
  } catch {
    key = undefined;
  }
  if (key !== undefined) return key;
  throw new ProblemError('validation_failed', 'The cursor is not one this list issued.', {
    extras: { errors: [{ pointer: '/query/cursor', detail: 'is not a next_cursor of this list' }] },
  });
}
