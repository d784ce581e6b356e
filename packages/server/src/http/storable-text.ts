/**
 * Text neither database can hold as given: U+0000 (PostgreSQL refuses it; SQLite would store it) and a
 * UTF-16 surrogate without its pair (not a character at all, so not UTF-8). Refused at input validation
 * in both modes alike, with a 422 naming where it was (ADR 0083).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting looked into at most: deeper values are the schema's business (bodies are small). */
const MAX_DEPTH = 32;

/** A property name as a JSON pointer token (RFC 6901). */
const pointerToken = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Whether `text` holds U+0000 or an unpaired surrogate. */
export function isUnstorable(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * The JSON pointer (relative to `value`) of the first string or property name in `value` that holds
 * U+0000 or an unpaired surrogate; undefined when there is none.
 */
export function unstorableAt(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? '' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  // Own enumerable keys, as Object.entries gives them, without building the pairs (every request's
  // query string passes here, most of them empty).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (isUnstorable(key)) return `/${pointerToken(key)}`;
    const inner = unstorableAt(v, depth + 1);
    if (inner !== undefined) return `/${pointerToken(key)}${inner}`;
  }
  return undefined;
}
