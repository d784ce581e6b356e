/**
 * A problem with a screen expression, located in the text: `offset` and `length` in UTF-16 code units
 * (`length` 0 at the end of the input), the offending text, and a plain-words message that also names the
 * line and column (`unknown indicator \`rsx\` at 1:1; did you mean \`rsi\`?`).
 */
export interface ScreenError {
  readonly offset: number;
  readonly length: number;
  /** The offending text as written (its first TOKEN_MAX characters); empty at the end of the input. */
  readonly token: string;
  readonly message: string;
  /** A close known name, when the token looks like a misspelling of one. */
  readonly suggestion?: string;
}

/** `line:column` (both from 1) of `offset` in `input`. */
export function lineColumn(input: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < input.length; i++)
    if (input.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  return `${line}:${offset - lineStart + 1}`;
}

/** Longest offending text returned in `token` (a 10,000-character overflow is not echoed back). */
const TOKEN_MAX = 100;

/** Longest offending text quoted in a message. */
const QUOTE_MAX = 40;

/** Text quoted in a message: backticks, shortened past QUOTE_MAX characters. */
export function quote(text: string): string {
  return `\`${text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text}\``;
}

/**
 * The error for `input[offset, offset + length)`: `what` is the message before the position
 * ("unknown indicator `rsx`"), `after` follows it ("expected …"); a suggestion adds "; did you mean …?".
 */
export function screenError(
  input: string,
  offset: number,
  length: number,
  what: string,
  options: { readonly after?: string; readonly suggestion?: string | undefined } = {},
): ScreenError {
  const at = Math.max(0, Math.min(offset, input.length));
  const len = Math.max(0, Math.min(length, input.length - at));
  const token = input.slice(at, at + Math.min(len, TOKEN_MAX));
  const where = `at ${lineColumn(input, at)}`;
  const hint = options.suggestion === undefined ? '' : `; did you mean ${quote(options.suggestion)}?`;
  const message = `${what} ${where}${options.after === undefined ? '' : `: ${options.after}`}${hint}`;
  return {
    offset: at,
    length: len,
    token,
    message,
    ...(options.suggestion === undefined ? {} : { suggestion: options.suggestion }),
  };
}
