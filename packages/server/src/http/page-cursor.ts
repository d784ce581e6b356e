import { ProblemError } from '../problems/problem-error.js';

/** The position after which the next page of a newest-first list starts: its last row's time and id. */
export interface PagePosition {
  readonly created_at: string;
  readonly id: string;
}

/** An opaque `next_cursor` for a position. */
export function encodeCursor(row: PagePosition): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

/** The position a cursor names; a 422 pointing at `cursor` when it is not one this API issued. */
export function decodeCursor(cursor: string): PagePosition {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string')
      return { created_at: v[0], id: v[1] };
  } catch {
    // falls through to the problem below
  }
  throw new ProblemError('validation_failed', 'The cursor is not one this API issued.', {
    extras: { errors: [{ pointer: '/query/cursor', detail: 'is not a cursor from next_cursor' }] },
  });
}
