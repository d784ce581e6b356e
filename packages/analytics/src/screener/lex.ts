import { type ScreenError, screenError } from './screen-error.js';

/** Punctuation and operators, in their canonical spelling (`≤` and `<=` are both `<=`). */
export type Punctuation =
  | '('
  | ')'
  | ','
  | '.'
  | '+'
  | '-'
  | '*'
  | '/'
  | '<'
  | '<='
  | '>'
  | '>='
  | '='
  | '!=';

export type Token =
  | { readonly kind: 'number'; readonly value: number; readonly offset: number; readonly length: number }
  | {
      readonly kind: 'ident';
      /** Lower case: names and keywords are case-insensitive. */
      readonly name: string;
      readonly offset: number;
      readonly length: number;
    }
  | { readonly kind: 'punct'; readonly op: Punctuation; readonly offset: number; readonly length: number }
  | { readonly kind: 'end'; readonly offset: number; readonly length: 0 };

export type LexResult =
  | { readonly ok: true; readonly tokens: readonly Token[]; readonly steps: number }
  | { readonly ok: false; readonly error: ScreenError; readonly steps: number };

/** Longest operators first, so `<=` is not read as `<` then `=`. */
const OPERATORS: readonly (readonly [string, Punctuation])[] = [
  ['<=', '<='],
  ['>=', '>='],
  ['==', '='],
  ['!=', '!='],
  ['<>', '!='],
  ['(', '('],
  [')', ')'],
  [',', ','],
  ['.', '.'],
  ['+', '+'],
  ['-', '-'],
  ['\u2212', '-'],
  ['*', '*'],
  ['\u00d7', '*'],
  ['/', '/'],
  ['\u00f7', '/'],
  ['<', '<'],
  ['\u2264', '<='],
  ['>', '>'],
  ['\u2265', '>='],
  ['=', '='],
  ['\u2260', '!='],
];

/** Words people write from other query languages, and what to write instead. */
const FOREIGN: Readonly<Record<string, string>> = { '&': 'and', '|': 'or', '!': 'not' };

const NUMBER = '(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?';
const IDENT = '[A-Za-z_][A-Za-z0-9_]*';
/** What may not follow a number directly (`14d`, `1.2.3`, `1e`). */
const NUMBER_TAIL = '[A-Za-z0-9_.]*';
const SPACE = /\s/;

function matchAt(pattern: RegExp, input: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(input)?.[0];
}

/**
 * Splits a screen expression into tokens. Never throws: an unknown character or a malformed number is
 * an error located at it. `steps` counts the characters examined (linear in the input).
 */
export function lex(input: string): LexResult {
  // Sticky (`y`) patterns match at `lastIndex` only, without copying the rest of the input; made per
  // call because `lastIndex` is state.
  const number = new RegExp(NUMBER, 'y');
  const ident = new RegExp(IDENT, 'y');
  const numberTail = new RegExp(NUMBER_TAIL, 'y');
  const tokens: Token[] = [];
  let steps = 0;
  let i = 0;
  while (i < input.length) {
    steps++;
    const ch = input[i]!;
    if (SPACE.test(ch)) {
      i++;
      continue;
    }
    const text = matchAt(number, input, i);
    if (text !== undefined) {
      const tail = matchAt(numberTail, input, i + text.length) ?? '';
      if (tail !== '')
        return fail(input, i, text.length + tail.length, 'malformed number', steps + text.length);
      const value = Number(text);
      if (!Number.isFinite(value))
        return fail(input, i, text.length, 'number out of range', steps + text.length);
      tokens.push({ kind: 'number', value, offset: i, length: text.length });
      steps += text.length;
      i += text.length;
      continue;
    }
    const name = matchAt(ident, input, i);
    if (name !== undefined) {
      tokens.push({ kind: 'ident', name: name.toLowerCase(), offset: i, length: name.length });
      steps += name.length;
      i += name.length;
      continue;
    }
    const op = OPERATORS.find(([text]) => input.startsWith(text, i));
    if (op !== undefined) {
      tokens.push({ kind: 'punct', op: op[1], offset: i, length: op[0].length });
      i += op[0].length;
      continue;
    }
    const width = (input.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    const instead = FOREIGN[ch];
    return fail(
      input,
      i,
      width,
      `unexpected character ${JSON.stringify(input.slice(i, i + width))}`,
      steps,
      instead === undefined ? undefined : `write \`${instead}\``,
    );
  }
  tokens.push({ kind: 'end', offset: input.length, length: 0 });
  return { ok: true, tokens, steps };
}

function fail(
  input: string,
  offset: number,
  length: number,
  what: string,
  steps: number,
  after?: string,
): LexResult {
  return {
    ok: false,
    error: screenError(input, offset, length, what, after === undefined ? {} : { after }),
    steps,
  };
}
