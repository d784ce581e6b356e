import type { EnumParamSpec, NumberParamSpec, ParamValues } from '../../registry/types.js';

/** Largest window any indicator accepts (keeps lookback arithmetic and allocations sane). */
export const MAX_PERIOD = 100_000;

/** An integer parameter spec with inclusive bounds. */
export function intParam(
  name: string,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): NumberParamSpec {
  return { name, type: 'int', default: defaultValue, min, max, description };
}

/** A real-valued parameter spec with inclusive bounds. */
export function floatParam(
  name: string,
  defaultValue: number,
  min: number,
  max: number,
  description: string,
): NumberParamSpec {
  return { name, type: 'float', default: defaultValue, min, max, description };
}

/** A parameter chosen from a closed list of values. */
export function enumParam(
  name: string,
  defaultValue: string,
  values: readonly string[],
  description: string,
): EnumParamSpec {
  return { name, type: 'enum', default: defaultValue, values, description };
}

/** The usual window-length parameter: integer in [min, MAX_PERIOD]. */
export function periodParam(
  defaultValue: number,
  min = 2,
  name = 'period',
  description = 'Number of bars in the window',
): NumberParamSpec {
  return intParam(name, defaultValue, min, MAX_PERIOD, description);
}

/**
 * Reads a numeric parameter from validated values. A missing or non-numeric value is a programming
 * fault (validation fills defaults), so it throws.
 */
export function numParam(params: ParamValues, name: string): number {
  const v = params[name];
  if (typeof v !== 'number') throw new TypeError(`parameter ${name} is not a validated number`);
  return v;
}

/** Reads an enum parameter from validated values (throws on a programming fault, see `numParam`). */
export function enumValue(params: ParamValues, name: string): string {
  const v = params[name];
  if (typeof v !== 'string') throw new TypeError(`parameter ${name} is not a validated string`);
  return v;
}
