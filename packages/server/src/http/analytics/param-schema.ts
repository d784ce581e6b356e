import type { ParamSpec } from '@bellwether/analytics';

/**
 * The query-parameter JSON Schema of an engine parameter, derived from its spec in the catalogue, so
 * request validation and the OpenAPI document cannot disagree with what the engine accepts.
 */
function paramQuerySchema(spec: ParamSpec) {
  return spec.type === 'enum'
    ? { type: 'string', enum: [...spec.values], default: spec.default, description: spec.description }
    : spec.allowed !== undefined
      ? {
          type: spec.type === 'int' ? 'integer' : 'number',
          enum: [...spec.allowed],
          default: spec.default,
          description: spec.description,
        }
      : {
          type: spec.type === 'int' ? 'integer' : 'number',
          minimum: spec.min,
          maximum: spec.max,
          default: spec.default,
          description: spec.description,
        };
}

/**
 * The query properties of catalogue parameters, by name — all of `specs`, or those named in `only`, in
 * that order. A catalogue parameter is therefore rejected like any schema violation — 422
 * `validation_failed`, one `errors[]` entry pointing at `/query/<name>` — whichever family declares it.
 */
export function paramQueryProperties(specs: readonly ParamSpec[], only?: readonly string[]) {
  const picked = only === undefined ? specs : only.map((name) => paramSpec(specs, name));
  return Object.fromEntries(picked.map((s) => [s.name, paramQuerySchema(s)]));
}

/** The spec called `name`; a name the catalogue lacks is a fault that fails at start-up. */
export function paramSpec(specs: readonly ParamSpec[], name: string): ParamSpec {
  const spec = specs.find((s) => s.name === name);
  if (spec === undefined) throw new Error(`the catalogue declares no parameter "${name}"`);
  return spec;
}

/** The upper bound of a numeric catalogue parameter. */
export function paramMax(specs: readonly ParamSpec[], name: string): number {
  const spec = paramSpec(specs, name);
  if (spec.type === 'enum') throw new Error(`catalogue parameter "${name}" is not a number`);
  return spec.max;
}

/**
 * The values of catalogue parameters in a query that the schema has validated (type, range, enum):
 * as given, else the catalogue default.
 */
export function paramValues(
  specs: readonly ParamSpec[],
  query: Readonly<Record<string, unknown>>,
): Record<string, number | string> {
  return Object.fromEntries(
    specs.map((spec) => {
      const raw = query[spec.name];
      if (raw === undefined) return [spec.name, spec.default];
      return [spec.name, spec.type === 'enum' ? String(raw) : Number(raw)];
    }),
  );
}
