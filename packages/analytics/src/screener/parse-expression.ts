import { ExpressionParser } from './expression-parser.js';
import { lex } from './lex.js';
import { DEFAULT_SCREENER_LIMITS, type ScreenerLimits } from './limits.js';
import { type ScreenError, screenError } from './screen-error.js';

export type ParseResult<T> =
  | {
      readonly ok: true;
      readonly tree: T;
      /** Work done: characters lexed plus parser steps, linear in the input's length. */
      readonly steps: number;
    }
  | { readonly ok: false; readonly errors: readonly ScreenError[]; readonly steps: number };

/**
 * Length check, lexing and one parser rule over `input`; the shared body of `parseWhere` and
 * `parseSort`. Never throws.
 */
export function parseExpression<T>(
  input: string,
  limits: Partial<ScreenerLimits>,
  rule: (parser: ExpressionParser) => T,
): ParseResult<T> {
  const all = { ...DEFAULT_SCREENER_LIMITS, ...limits };
  if (input.length > all.maxLength)
    return {
      ok: false,
      errors: [
        screenError(
          input,
          all.maxLength,
          input.length - all.maxLength,
          `expression longer than ${all.maxLength} characters`,
          {
            after: `it has ${input.length}`,
          },
        ),
      ],
      steps: 0,
    };
  const lexed = lex(input);
  if (!lexed.ok) return { ok: false, errors: [lexed.error], steps: lexed.steps };
  const parser = new ExpressionParser(input, lexed.tokens, all);
  const parsed = parser.run(rule);
  const steps = lexed.steps + parser.steps;
  return parsed.ok ? { ok: true, tree: parsed.value, steps } : { ok: false, errors: [parsed.error], steps };
}
