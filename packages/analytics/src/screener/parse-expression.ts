import { ExpressionParser } from './expression-parser.js';
import { laterSyntaxErrors } from './later-syntax-errors.js';
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
 * `parseSort`. With `recover`, a syntax error is followed by the later ones the parser can recover to
 * (`laterSyntaxErrors`). Never throws.
 */
export function parseExpression<T>(
  input: string,
  limits: Partial<ScreenerLimits>,
  rule: (parser: ExpressionParser) => T,
  recover = false,
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
  if (parsed.ok) return { ok: true, tree: parsed.value, steps };
  if (!recover) return { ok: false, errors: [parsed.error], steps };
  const later = laterSyntaxErrors(input, lexed.tokens, all, parsed.error);
  return { ok: false, errors: later.errors, steps: steps + later.steps };
}
