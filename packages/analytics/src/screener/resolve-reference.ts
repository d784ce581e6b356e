import { CATALOG } from '../registry/catalog.js';
import { buildIndex } from '../registry/lookup.js';
import type { IndicatorMeta, ParamValues, SeriesName } from '../registry/types.js';
import { validateParams } from '../registry/validate.js';
import { quote, type ScreenError, screenError } from './screen-error.js';
import { SCREENER_INDICATORS } from './screener-indicators.js';
import { suggestName } from './suggest-name.js';
import type { ReferenceNode, Span } from './syntax-tree.js';

const FIELDS: readonly SeriesName[] = ['open', 'high', 'low', 'close', 'volume'];

/** The catalogue and the screener's own fields; built once, so a name claimed twice fails at load. */
const INDEX = buildIndex([...CATALOG, ...SCREENER_INDICATORS]);

/** Every name a screen may use as an operand, for "did you mean". */
const NAMES = [
  ...FIELDS,
  ...INDEX.entries.flatMap((m) => [m.code, ...m.aliases.map((a) => a.toLowerCase())]),
].filter((n) => /^[a-z_][a-z0-9_]*$/.test(n));

export type ResolvedReference =
  | { readonly kind: 'field'; readonly label: string; readonly field: SeriesName }
  | {
      readonly kind: 'indicator';
      readonly label: string;
      /** `code(p1,p2,…)`: what one computation is keyed by. */
      readonly key: string;
      readonly meta: IndicatorMeta;
      readonly params: ParamValues;
      readonly output: string;
    };

type Resolution =
  | { readonly ok: true; readonly ref: ResolvedReference }
  | { readonly ok: false; readonly errors: readonly ScreenError[] };

const ordinal = (i: number) => `${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}`;

/**
 * Resolves a written name against the bar fields, then the catalogue and screener fields (codes and
 * aliases, case-insensitive): arguments are positional in the catalogue's parameter order, then named
 * (`bbands(20, nbdev_up=2.5)`), omitted ones take their defaults, and every value is checked by the
 * catalogue's `validateParams`, as the technical endpoint's `indicators=` is. An indicator with several
 * outputs needs `.output` unless one output bears its code (`macd` → `macd`). Every problem is reported,
 * located at the argument, output or name it concerns.
 */
export function resolveReference(input: string, node: ReferenceNode): Resolution {
  const fail = (at: Span, what: string, after?: string, suggestion?: string): Resolution => ({
    ok: false,
    errors: [
      screenError(input, at.offset, at.length, what, {
        ...(after === undefined ? {} : { after }),
        suggestion,
      }),
    ],
  });
  const field = FIELDS.find((f) => f === node.name);
  if (field !== undefined) {
    if (node.args !== undefined)
      return fail(node.span, `${quote(field)} is a bar field`, 'it takes no arguments');
    if (node.output !== undefined)
      return fail(node.output.span, `${quote(field)} is a bar field`, 'it has no outputs');
    return { ok: true, ref: { kind: 'field', label: field, field } };
  }
  const meta = INDEX.find(node.name);
  if (meta === undefined)
    return fail(
      node.nameSpan,
      `unknown indicator ${quote(node.name)}`,
      undefined,
      suggestName(node.name, NAMES),
    );
  const errors: ScreenError[] = [];
  const given: Record<string, unknown> = {};
  const spans = new Map<string, Span>();
  let named = false;
  for (const [i, arg] of (node.args ?? []).entries()) {
    const spec =
      arg.name === undefined ? meta.params[i] : meta.params.find((p) => p.name.toLowerCase() === arg.name);
    const name = spec?.name ?? arg.name;
    if (arg.name === undefined && named) {
      errors.push(
        screenError(input, arg.span.offset, arg.span.length, 'positional argument after a named one', {
          after: 'write positional arguments first',
        }),
      );
    } else if (name === undefined) {
      const list = meta.params.map((p) => p.name).join(', ');
      errors.push(
        screenError(input, arg.span.offset, arg.span.length, `too many arguments for ${quote(meta.code)}`, {
          after: `it takes ${meta.params.length}${list === '' ? '' : ` (${list})`}`,
        }),
      );
    } else if (spans.has(name)) {
      errors.push(
        screenError(
          input,
          arg.span.offset,
          arg.span.length,
          `parameter ${quote(name)} of ${quote(meta.code)} given twice`,
        ),
      );
    } else {
      given[name] = arg.value;
      spans.set(name, arg.span);
    }
    named ||= arg.name !== undefined;
  }
  if (errors.length > 0) return { ok: false, errors };
  const checked = validateParams(meta.params, given, meta.ordered);
  if (!checked.ok) {
    for (const e of checked.errors) {
      const at = spans.get(e.param) ?? node.span;
      const index = meta.params.findIndex((p) => p.name === e.param);
      errors.push(
        index < 0
          ? screenError(
              input,
              at.offset,
              at.length,
              `${quote(meta.code)} has no parameter ${quote(e.param)}`,
              {
                after: `it takes ${meta.params.map((p) => p.name).join(', ') || 'none'}`,
              },
            )
          : screenError(
              input,
              at.offset,
              at.length,
              `parameter ${quote(e.param)} (${ordinal(index)}) of ${quote(meta.code)} ${e.message}`,
            ),
      );
    }
    return { ok: false, errors };
  }
  const output = chooseOutput(input, node, meta);
  if ('error' in output) return { ok: false, errors: [output.error] };
  const key = `${meta.code}(${meta.params.map((p) => String(checked.params[p.name])).join(',')})`;
  const label = meta.outputs.length > 1 ? `${key}.${output.name}` : key;
  return {
    ok: true,
    ref: { kind: 'indicator', label, key, meta, params: checked.params, output: output.name },
  };
}

function chooseOutput(
  input: string,
  node: ReferenceNode,
  meta: IndicatorMeta,
): { readonly name: string } | { readonly error: ScreenError } {
  const names = meta.outputs.map((o) => o.name);
  if (node.output !== undefined) {
    const wanted = node.output.name;
    const found = names.find((n) => n.toLowerCase() === wanted);
    if (found !== undefined) return { name: found };
    const { offset, length } = node.output.span;
    return {
      error: screenError(input, offset, length, `${quote(meta.code)} has no output ${quote(wanted)}`, {
        after: `its outputs: ${names.join(', ')}`,
        suggestion: suggestName(wanted, names),
      }),
    };
  }
  if (names.length === 1) return { name: names[0]! };
  const own = names.find((n) => n === meta.code);
  if (own !== undefined) return { name: own };
  const { offset, length } = node.span;
  return {
    error: screenError(input, offset, length, `${quote(meta.code)} has ${names.length} outputs`, {
      after: `choose one with .${names.join(', .')}`,
    }),
  };
}
