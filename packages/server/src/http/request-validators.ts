import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaValidationError } from 'fastify';
import { unstorableAt } from './storable-text.js';

type ValidatorFactory = AjvCompiler.BuildCompilerFromPool;
type ExternalSchemas = Parameters<ValidatorFactory>[0];
type AjvServerOptions = Parameters<ValidatorFactory>[1];
/** One request part's schema as Fastify hands it to a validator compiler. */
interface RouteSchema {
  readonly schema: unknown;
  readonly method: string;
  readonly url: string;
  readonly httpPart?: string;
}
/** An Ajv validate function as Fastify calls it (`schemaEnv` tells it to pass the parent object). */
interface Validate {
  (data: unknown, context?: unknown): boolean;
  errors?: FastifySchemaValidationError[] | null | undefined;
  schemaEnv?: unknown;
}
/** What @fastify/ajv-compiler's builder really returns (its declared type is the raw Ajv compile). */
type Compile = (route: RouteSchema) => Validate;

/**
 * A number as a query may write it: decimal digits with an optional minus, fraction and exponent. Not
 * hex (`0x10`), binary or octal, not blank, not padded with spaces, not `Infinity` — forms that Ajv's
 * type coercion (`Number(value)`) would otherwise turn into a number.
 */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function isNumeric(schema: unknown): boolean {
  const type = (schema as { type?: unknown } | null)?.type;
  const types = Array.isArray(type) ? type : [type];
  return types.includes('number') || types.includes('integer');
}

/**
 * Query strings: a numeric parameter is refused (a 422 naming it, like any schema violation) unless
 * every value given is written in decimal; then Ajv validates and coerces as usual.
 */
function decimalNumbersOnly(schema: unknown, validate: Validate): Validate {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties ?? {};
  const numeric = Object.keys(properties).filter((name) => isNumeric(properties[name]));
  if (numeric.length === 0) return validate;
  const checked: Validate = (data, context) => {
    const query = data as Record<string, unknown> | null;
    if (query !== null && typeof query === 'object') {
      const errors: FastifySchemaValidationError[] = [];
      for (const name of numeric) {
        const value = Object.hasOwn(query, name) ? query[name] : undefined;
        const values = Array.isArray(value) ? value : [value];
        if (values.some((v) => typeof v === 'string' && !DECIMAL.test(v)))
          errors.push({
            instancePath: `/${name}`,
            keyword: 'type',
            schemaPath: `#/properties/${name}/type`,
            params: {},
            message: 'must be a number written in decimal, such as 16, -0.5 or 1e-3',
          });
      }
      if (errors.length > 0) {
        checked.errors = errors;
        return false;
      }
    }
    const ok = validate(data, context);
    checked.errors = validate.errors;
    return ok;
  };
  // Fastify passes the parent object to Ajv validators (so a root value can be coerced) when it sees this.
  if (validate.schemaEnv !== undefined) checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/**
 * Bodies, query strings and path parameters: a string holding U+0000 or an unpaired surrogate is refused
 * like any schema violation (a 422 naming it), whatever the storage would have done with it.
 */
function storableTextOnly(validate: Validate): Validate {
  const checked: Validate = (data, context) => {
    const at = unstorableAt(data);
    if (at !== undefined) {
      checked.errors = [
        {
          instancePath: at,
          keyword: 'storableText',
          schemaPath: '#',
          params: {},
          message: 'must not contain U+0000 or an unpaired UTF-16 surrogate',
        },
      ];
      return false;
    }
    const ok = validate(data, context);
    checked.errors = validate.errors;
    return ok;
  };
  if (validate.schemaEnv !== undefined) checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/**
 * Whether `schema` accepts an empty object as it is, with nothing to fill in: no required property, no
 * default, no bound on the number of properties, no combinator at its root.
 */
function acceptsEmptyAsIs(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const s = schema as Record<string, unknown>;
  if (s['type'] !== 'object') return false;
  if (Array.isArray(s['required']) && s['required'].length > 0) return false;
  for (const k of ['minProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'dependentRequired'])
    if (k in s) return false;
  const properties = (s['properties'] ?? {}) as Record<string, unknown>;
  for (const name in properties) {
    const p = properties[name];
    if (p !== null && typeof p === 'object' && 'default' in p) return false;
  }
  return true;
}

/**
 * A query string validator that passes an empty query without running Ajv, when the schema accepts one
 * as it is (most requests send no query). Its validator does not take the parent object (no `schemaEnv`):
 * a query is always an object, which Ajv changes in place, so Fastify need not build a context object for
 * every request to let it replace the root (ADR 0092).
 */
function emptyQueryPasses(schema: unknown, validate: Validate): Validate {
  if (!acceptsEmptyAsIs(schema)) return validate;
  const checked: Validate = (data) => {
    if (data !== null && typeof data === 'object') {
      let empty = true;
      for (const _ in data) {
        empty = false;
        break;
      }
      if (empty) return true;
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  };
  return checked;
}

/** Header names are case-insensitive and Node lowercases them: so must the schema's property names be. */
function lowerCaseHeaderNames(schema: unknown): unknown {
  const s = schema as { properties?: Record<string, unknown>; required?: unknown } | null;
  if (s === null || typeof s !== 'object' || s.properties === undefined) return schema;
  return {
    ...s,
    properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k.toLowerCase(), v])),
    ...(Array.isArray(s.required)
      ? { required: s.required.map((r) => (typeof r === 'string' ? r.toLowerCase() : r)) }
      : {}),
  };
}

/**
 * The two Ajv pools, made once per process as Fastify makes its default one: a pool keeps the Ajv
 * instance (and the validators it compiled) of each set of shared schemas and options, so apps built
 * later in the process (tests build hundreds) compile nothing again. Made per call, every app compiled
 * every route's validators afresh: `ready` took ~600 ms instead of ~200 ms.
 */
const coercingPool = AjvCompiler();
const strictPool = AjvCompiler();

/**
 * The request validators (Fastify's `schemaController.compilersFactory.buildValidator`): Fastify's own
 * Ajv compiler with the server's options, except that
 * - JSON bodies are strictly typed: no coercion (`{"ticker":["X"]}` is not the string "X", `"5"` is not
 *   the number 5); JSON can say what it means;
 * - numbers in query strings are decimal only (see DECIMAL) before Ajv coerces them; query strings,
 *   path parameters and headers are text, so they keep the server's coercion (`coerceTypes: 'array'`);
 * - no string of a body, query string or path parameter holds U+0000 or an unpaired surrogate.
 */
export const buildRequestValidators = ((externalSchemas: ExternalSchemas, options: AjvServerOptions) => {
  const coercing = coercingPool(externalSchemas, options) as unknown as Compile;
  const strict = strictPool(externalSchemas, {
    ...options,
    customOptions: { ...options?.customOptions, coerceTypes: false },
  } as AjvServerOptions) as unknown as Compile;
  return (route: RouteSchema) => {
    if (route.httpPart === 'body') return storableTextOnly(strict(route));
    if (route.httpPart === 'headers')
      return coercing({ ...route, schema: lowerCaseHeaderNames(route.schema) });
    const validate = coercing(route);
    if (route.httpPart !== 'querystring') return storableTextOnly(validate);
    return emptyQueryPasses(route.schema, storableTextOnly(decimalNumbersOnly(route.schema, validate)));
  };
}) as unknown as ValidatorFactory;
