import { compileSetup, SETUPS, type SetupDefinition, type SetupId, scanAt } from '@bellwether/analytics';
import type { EngineSetup } from '../../cards/engine-setup.js';
import { invalidFields, ProblemError } from '../../problems/problem-error.js';

const BUILT_IN_IDS: readonly string[] = SETUPS.map((s) => s.id);

/**
 * The engine setup of a built-in setup (by id: `scanAt` narrowed to it) or of a custom definition
 * (compiled; `id` names its cards `custom:<id>`). A definition with errors is a 422 `validation_failed`
 * whose `errors[]` point into it (`pointer` prefixes them, e.g. `/body/definition`), each expression
 * error at its token. The backtest engine runs either alone (`runBacktest(…, { setup })`).
 */
export function engineSetupOf(
  setup: SetupId | SetupDefinition,
  options: { readonly id?: string; readonly pointer?: string } = {},
): EngineSetup {
  const pointer = options.pointer ?? '';
  if (typeof setup === 'string') {
    if (!BUILT_IN_IDS.includes(setup))
      throw new ProblemError('validation_failed', `There is no built-in setup ${setup}.`, {
        extras: { errors: [{ pointer, detail: `must be one of ${BUILT_IN_IDS.join(', ')}` }] },
      });
    return {
      id: setup,
      scan: (input, t, context) => scanAt(input, t, context).filter((c) => c.setup === setup),
    };
  }
  const compiled = compileSetup(options.id ?? 'setup', setup);
  if (!compiled.ok)
    throw invalidFields(
      compiled.errors.map((e) => ({
        pointer: `${pointer}${e.pointer}`,
        detail:
          e.offset === undefined
            ? e.message
            : `${e.message} (at offset ${e.offset}${e.token === undefined || e.token === '' ? '' : `: \`${e.token}\``})`,
      })),
    );
  const s = compiled.setup;
  const cap = setup.max_per_session;
  return {
    id: s.id,
    scan: (input, t, context) => s.scan(input, t, context),
    ...(cap === undefined || cap === null ? {} : { maxPerSession: cap }),
  };
}
