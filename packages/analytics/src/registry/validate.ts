import type { ParamSpec, ParamValues } from './types.js';

export interface ParamError {
  /** The offending parameter name (or the unknown name as given). */
  readonly param: string;
  readonly message: string;
}

export type ParamValidation =
  | { readonly ok: true; readonly params: ParamValues }
  | { readonly ok: false; readonly errors: readonly ParamError[] };

/**
 * Validates raw parameters (from JSON or a query string) against an indicator's specs: unknown names
 * are rejected, missing ones take their defaults, numeric strings are accepted for numbers, integers
 * must be whole, numbers must lie in the inclusive [min, max] range (and be `allowed` when a spec lists
 * the values it accepts), enums must be one of their values
 * (case-insensitive, returned in their declared spelling), and each `ordered` pair strictly increasing
 * (`fast_period` < `slow_period`). Every problem is reported, not just the first.
 * Names match case-insensitively.
 */
export function validateParams(
  specs: readonly ParamSpec[],
  raw: Readonly<Record<string, unknown>> = {},
  ordered: readonly (readonly [string, string])[] = [],
): ParamValidation {
  const errors: ParamError[] = [];
  const byName = new Map(specs.map((s) => [s.name.toLowerCase(), s] as const));
  const given = new Map<string, unknown>();
  for (const [name, value] of Object.entries(raw)) {
    const spec = byName.get(name.toLowerCase());
    if (spec === undefined) {
      const known = specs.map((s) => s.name).join(', ') || 'none';
      errors.push({ param: name, message: `unknown parameter (accepted: ${known})` });
    } else if (value !== undefined) {
      given.set(spec.name, value);
    }
  }
  const params: Record<string, number | string> = {};
  for (const spec of specs) {
    const value = given.has(spec.name) ? given.get(spec.name) : spec.default;
    if (spec.type === 'enum') {
      const match =
        typeof value === 'string'
          ? spec.values.find((v) => v.toLowerCase() === value.trim().toLowerCase())
          : undefined;
      if (match === undefined) {
        errors.push({ param: spec.name, message: `must be one of ${spec.values.join(', ')}` });
      } else params[spec.name] = match;
      continue;
    }
    const num = toNumber(value);
    if (num === undefined) {
      errors.push({
        param: spec.name,
        message: `must be a ${spec.type === 'int' ? 'whole ' : ''}number, written in decimal`,
      });
    } else if (spec.type === 'int' && !Number.isInteger(num)) {
      errors.push({ param: spec.name, message: 'must be a whole number' });
    } else if (num < spec.min || num > spec.max) {
      errors.push({ param: spec.name, message: `must be between ${spec.min} and ${spec.max}` });
    } else if (spec.allowed !== undefined && !spec.allowed.includes(num)) {
      errors.push({ param: spec.name, message: `must be one of ${spec.allowed.join(', ')}` });
    } else params[spec.name] = num;
  }
  if (errors.length === 0)
    for (const [lo, hi] of ordered) {
      const a = params[lo];
      const b = params[hi];
      if (typeof a === 'number' && typeof b === 'number' && !(a < b))
        errors.push({
          param: lo,
          message: `must be less than ${hi} (${a} is not less than ${b}): are they swapped?`,
        });
    }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, params };
}

/** A number written as text: decimal only (no hex `0x10`, no blank, no padding, no `Infinity`). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && DECIMAL.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}
