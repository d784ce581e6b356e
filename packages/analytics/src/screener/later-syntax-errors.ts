import { ExpressionParser } from './expression-parser.js';
import type { Token } from './lex.js';
import type { ScreenerLimits } from './limits.js';
import { quote, type ScreenError } from './screen-error.js';

/** Most syntax errors one expression reports; past it the client fixes some and asks again. */
const MAX_SYNTAX_ERRORS = 10;

/**
 * The syntax errors after `first` that the parser can recover to: the expression is cut at its top-level
 * `and`/`or` (not inside parentheses, and not the `and` of a `between`), and each clause that starts after
 * the last error reported is parsed alone; its error, if any, is kept. At most MAX_SYNTAX_ERRORS in all,
 * `first` included. The work stays linear: the first parse stopped at `first`, and the clauses after it
 * are each parsed once.
 */
export function laterSyntaxErrors(
  input: string,
  tokens: readonly Token[],
  limits: ScreenerLimits,
  first: ScreenError,
): { readonly errors: readonly ScreenError[]; readonly steps: number } {
  const errors: ScreenError[] = [first];
  let steps = 0;
  let reportedEnd = first.offset + Math.max(first.length, 1);
  for (const [from, to] of clauses(tokens)) {
    if (errors.length >= MAX_SYNTAX_ERRORS) break;
    if ((tokens[from] as Token).offset < reportedEnd) continue;
    const endAt = tokens[to] as Token;
    const slice: Token[] = [...tokens.slice(from, to), { kind: 'end', offset: endAt.offset, length: 0 }];
    const parser = new ExpressionParser(input, slice, limits);
    const parsed = parser.run((p) => p.where());
    steps += parser.steps;
    if (parsed.ok || parsed.error.offset < reportedEnd) continue;
    const error = atSeparator(input, parsed.error, endAt);
    errors.push(error);
    reportedEnd = error.offset + Math.max(error.length, 1);
  }
  return { errors, steps };
}

/**
 * A clause parsed alone ends where its separator stands; an error there reads "unexpected end of the
 * expression", which is not what the client wrote: name the separator instead.
 */
function atSeparator(input: string, error: ScreenError, separator: Token): ScreenError {
  if (separator.kind === 'end' || error.offset !== separator.offset || error.length !== 0) return error;
  const token = input.slice(separator.offset, separator.offset + separator.length);
  return {
    ...error,
    length: separator.length,
    token,
    message: error.message.replace('unexpected end of the expression', `unexpected ${quote(token)}`),
  };
}

/** [from, to) token ranges of the top-level clauses; `to` indexes the separator or the end token. */
function clauses(tokens: readonly Token[]): [number, number][] {
  const out: [number, number][] = [];
  let depth = 0;
  let between = false;
  let from = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    if (tok.kind === 'end') break;
    if (tok.kind === 'punct' && tok.op === '(') depth++;
    else if (tok.kind === 'punct' && tok.op === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && tok.kind === 'ident') {
      if (tok.name === 'between') between = true;
      else if (tok.name === 'and' && between) between = false;
      else if (tok.name === 'and' || tok.name === 'or') {
        out.push([from, i]);
        from = i + 1;
      }
    }
  }
  out.push([from, tokens.length - 1]);
  return out;
}
