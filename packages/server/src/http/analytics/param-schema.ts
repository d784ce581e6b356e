import type { ParamSpec } from '@bellwether/analytics';

/**
 * The query-parameter JSON Schema of an engine parameter, derived from its spec in the catalogue, so
 * request validation and the OpenAPI document cannot disagree with what the engine accepts.
 */
function paramQuerySchema(spec: ParamSpec) {
  return spec.type === 'enum'
    ? { type: 'string', enum: [...spec.values], default: spec.default, description: spec.description }
    : {
        type: spec.type === 'int' ? 'integer' : 'number',
        minimum: spec.min,
        maximum: spec.max,
        default: spec.default,
        description: spec.description,
      };
}

/** The query properties of a list of engine parameters, by name. */
export function paramQueryProperties(specs: readonly ParamSpec[]) {
  return Object.fromEntries(specs.map((s) => [s.name, paramQuerySchema(s)]));
}
