import {
  CATALOG,
  findIndicator,
  type IndicatorMeta,
  type ParamValues,
  validateParams,
} from '@bellwether/analytics';
import { suggestTicker } from '../../market/store/suggest-ticker.js';

/** Every name an indicator answers to, for "did you mean". */
const INDICATOR_NAMES = CATALOG.flatMap((m) => [m.code, ...m.aliases.map((a) => a.toLowerCase())]);

import { invalidFields } from '../../problems/problem-error.js';

/** One requested indicator: how it was written, its catalogue entry and validated parameters. */
export interface IndicatorRequest {
  /** The canonical label, `code(p1,p2,…)` with every parameter's value, e.g. `macd(12,26,9)`. */
  readonly label: string;
  readonly meta: IndicatorMeta;
  readonly params: ParamValues;
}

export const MAX_INDICATORS = 20;

/** Splits `rsi(14),macd(12,26,9),bbands(20,2,2)` at the commas outside parentheses. */
function splitTopLevel(text: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) return undefined;
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return undefined;
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/**
 * Parses and validates `indicators=` against the catalogue (codes and aliases, case-insensitive).
 * Arguments are positional in the catalogue's parameter order (`bbands(20,2,2)`) or named
 * (`bbands(period=20)`); omitted ones take their defaults. Every problem is reported with a JSON pointer
 * `/query/indicators/<index>[/<param>]`.
 */
export function parseIndicatorList(raw: unknown): IndicatorRequest[] {
  const errors: { pointer: string; detail: string }[] = [];
  /** The closest name to the first misspelt indicator. */
  let suggestion: string | undefined;
  const fail = () => {
    throw invalidFields(errors, suggestion === undefined ? {} : { suggestion });
  };
  if (typeof raw !== 'string' || raw.trim() === '') {
    errors.push({
      pointer: '/query/indicators',
      detail: 'is required, e.g. rsi(14),macd(12,26,9),bbands(20,2,2)',
    });
    return fail();
  }
  const items = splitTopLevel(raw);
  if (items === undefined) {
    errors.push({ pointer: '/query/indicators', detail: 'has unbalanced parentheses' });
    return fail();
  }
  if (items.length > MAX_INDICATORS) {
    errors.push({
      pointer: '/query/indicators',
      detail: `lists ${items.length} indicators; at most ${MAX_INDICATORS}`,
    });
    return fail();
  }
  const out: IndicatorRequest[] = [];
  items.forEach((item, index) => {
    const pointer = `/query/indicators/${index}`;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?:\((.*)\))?$/.exec(item);
    if (m === null) {
      errors.push({ pointer, detail: `"${item}" is not of the form code or code(arg, …)` });
      return;
    }
    const meta = findIndicator(m[1] as string);
    if (meta === undefined) {
      const near = suggestTicker((m[1] as string).toLowerCase(), INDICATOR_NAMES);
      suggestion ??= near;
      errors.push({
        pointer,
        detail: `unknown indicator "${m[1]}"${near === undefined ? '' : `; did you mean "${near}"?`} (see /api/v1/analytics/technical/catalog)`,
      });
      return;
    }
    const args = m[2] === undefined || m[2].trim() === '' ? [] : m[2].split(',').map((a) => a.trim());
    const given: Record<string, unknown> = {};
    let positional = true;
    for (const [k, arg] of args.entries()) {
      const named = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+)$/.exec(arg);
      if (named !== null) {
        positional = false;
        given[named[1] as string] = named[2];
      } else if (!positional) {
        errors.push({ pointer, detail: 'positional arguments must come before named ones' });
        return;
      } else if (k >= meta.params.length) {
        errors.push({
          pointer,
          detail: `${meta.code} takes ${meta.params.length} parameter(s), got ${args.length}`,
        });
        return;
      } else {
        given[(meta.params[k] as { name: string }).name] = arg;
      }
    }
    const v = validateParams(meta.params, given, meta.ordered);
    if (!v.ok) {
      for (const e of v.errors) errors.push({ pointer: `${pointer}/${e.param}`, detail: e.message });
      return;
    }
    const label = `${meta.code}(${meta.params.map((p) => String(v.params[p.name])).join(',')})`;
    out.push({ label, meta, params: v.params });
  });
  if (errors.length > 0) return fail();
  return out;
}
