/**
 * PostgreSQL SQLSTATEs of text it cannot hold: 22021 character_not_in_repertoire (a NUL, or bytes
 * that are not UTF-8) and 22P05 untranslatable_character.
 */
const CODES = new Set(['22021', '22P05']);

/**
 * Whether an error (or its cause) is PostgreSQL refusing a string of the request. The statement
 * failed whole, so nothing changed: the request is at fault (400), not the service. Inputs are
 * validated before they reach storage; this is the net for a string a route let through.
 */
export function isUnstorableText(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && CODES.has(e.code)) return true;
  return isUnstorableText(e.cause, depth + 1);
}
